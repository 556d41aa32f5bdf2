/**
 * A download too large to build whole (a HAR export of the full log, a bulk payout's results file): the
 * operation answers the way to write it, page by page, and an adapter that writes bytes (HTTP: `streaming`
 * in its call context) sends each page as it is read from the database, waiting while the client is slow.
 * What is held at once is one page, whatever the size of the document. Callers that need a value (IPC,
 * in-process) never see one: the operation gives them the whole document, as before.
 */
const STREAMED = Symbol('streamed answer')

export interface StreamedAnswer {
  readonly [STREAMED]: true
  /** The organization whose export it is: one heavy export at a time per organization. */
  readonly owner: string
  /** The document's text, one page at a time, each read from the database when asked for. */
  pages(): Iterable<string>
}

export function streamedAnswer(owner: string, pages: () => Iterable<string>): StreamedAnswer {
  return { [STREAMED]: true, owner, pages }
}

export function isStreamedAnswer(value: unknown): value is StreamedAnswer {
  return typeof value === 'object' && value !== null && (value as { [STREAMED]?: unknown })[STREAMED] === true
}
