/**
 * What an answer of the provider means for an outbox row (docs/upstream.md "Sending money"): pure
 * decisions, no I/O. The sender (sender.ts) makes the exchanges and writes what these say.
 */

/** An answer of the provider as the client gives it. */
export interface ProviderAnswer {
  status: number
  headers: Record<string, string>
  /** The parsed body, or null when it was not JSON. */
  json: any
}

/** One exchange: an answer, or why there was none (the client's error kinds, or `other`). */
export type Exchange = { answer: ProviderAnswer } | { failure: string; message: string }

export type SendVerdict =
  /** 2xx: it ran; the provider's transaction id. */
  | { kind: 'accepted'; transactionId: string | null }
  /** 4xx: it did not run; the provider's error as it said it. */
  | { kind: 'rejected'; error: string }
  /** 5xx, timeout, reset: it may or may not have run. */
  | { kind: 'unknown'; error: string }
  /** 409 duplicate for the reference: it exists, most likely from our earlier send; look it up. */
  | { kind: 'duplicate'; error: string }
  /** 409 for the key with another body: a bug of ours; never re-keyed. */
  | { kind: 'needs_review'; error: string }
  /** Not sent at all (the key refused, the connection closed): back to where it was. */
  | { kind: 'not_sent'; error: string }

export type LookupVerdict =
  | { kind: 'found'; transactionId: string | null }
  | { kind: 'not_found' }
  | { kind: 'unclear'; error: string }
  | { kind: 'not_sent'; error: string }

/** The client's errors that mean the request never left (401 pauses the connection; a closed client sends nothing). */
const NOT_SENT = new Set(['key_refused', 'closed'])
const ANSWER_CHARS = 2000

/** The provider's error as it said it (its envelope's error), or the status when the body was not one. */
export function providerError(answer: ProviderAnswer): string {
  const error = answer.json?.error
  if (error && typeof error === 'object') return JSON.stringify(error)
  return `HTTP ${answer.status} from the provider`
}

/** The answer's text as kept with an attempt (cut to 2,000 characters). */
export function answerText(exchange: Exchange): string {
  const text = 'answer' in exchange ? JSON.stringify(exchange.answer.json ?? null) : JSON.stringify({ error: exchange.message })
  return text.length > ANSWER_CHARS ? `${text.slice(0, ANSWER_CHARS)}…` : text
}

export const statusOf = (exchange: Exchange): number | null => ('answer' in exchange ? exchange.answer.status : null)

/** The answer to a POST of the row's body under its key. */
export function judgeSend(exchange: Exchange): SendVerdict {
  if (!('answer' in exchange)) {
    if (NOT_SENT.has(exchange.failure)) return { kind: 'not_sent', error: exchange.message }
    return { kind: 'unknown', error: exchange.message }
  }
  const { answer } = exchange
  if (answer.status >= 200 && answer.status < 300) {
    const id = answer.json?.data?.transactionId
    return { kind: 'accepted', transactionId: typeof id === 'string' ? id : null }
  }
  if (answer.status === 401) return { kind: 'not_sent', error: providerError(answer) }
  if (answer.status === 409) {
    // The idempotency layer's 409 (same key, other body) vs the reference's (it exists already).
    return answer.json?.error?.type === 'idempotency_error'
      ? { kind: 'needs_review', error: providerError(answer) }
      : { kind: 'duplicate', error: providerError(answer) }
  }
  if (answer.status >= 500) return { kind: 'unknown', error: providerError(answer) }
  return { kind: 'rejected', error: providerError(answer) }
}

/** The answer to GET /v1/transaction?merchantTransactionId= for the row's reference. */
export function judgeLookup(exchange: Exchange): LookupVerdict {
  if (!('answer' in exchange)) {
    if (NOT_SENT.has(exchange.failure)) return { kind: 'not_sent', error: exchange.message }
    return { kind: 'unclear', error: exchange.message }
  }
  const { answer } = exchange
  if (answer.status === 200) {
    const id = answer.json?.data?.publicId ?? answer.json?.data?.transactionId
    return { kind: 'found', transactionId: typeof id === 'string' ? id : null }
  }
  if (answer.status === 404) return { kind: 'not_found' }
  if (answer.status === 401) return { kind: 'not_sent', error: providerError(answer) }
  return { kind: 'unclear', error: providerError(answer) }
}
