/**
 * How the request log marks a body it kept only the start of (engine: request-log/stored-body.ts; console:
 * the request detail). The body is cut on a character boundary and one line is added after it:
 * `[first 8 KiB of 60635 bytes]`, the size being the whole body as sent or received. Request bodies are kept
 * up to 64 KiB (4 KiB when sent without a known key), response bodies up to 8 KiB (a list page is ~60 KB;
 * docs/console.md "Requests").
 */
export const REQUEST_BODY_LIMIT_BYTES = 64 * 1024
/**
 * A request whose credential is no known key (none, made up) is kept only this far: such requests need no
 * key to send, and at 64 KiB each they could fill the log with gigabytes.
 */
export const ANONYMOUS_REQUEST_BODY_LIMIT_BYTES = 4 * 1024
export const RESPONSE_BODY_LIMIT_BYTES = 8 * 1024

export function cutNote(limitBytes: number, totalBytes: number): string {
  return `\n[first ${limitBytes / 1024} KiB of ${totalBytes} bytes]`
}

const CUT_NOTE = /\n\[first (\d+) KiB of (\d+) bytes\]$/

/** A logged body split into what was kept and, when it was cut, the kept and whole sizes. */
export function parseLoggedBody(text: string): { kept: string; cut: { keptKiB: number; totalBytes: number } | null } {
  const match = CUT_NOTE.exec(text)
  if (!match) return { kept: text, cut: null }
  return { kept: text.slice(0, match.index), cut: { keptKiB: Number(match[1]), totalBytes: Number(match[2]) } }
}
