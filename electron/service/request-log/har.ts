import { STATUS_CODES } from 'node:http'
import { parseLoggedBody } from '../../../shared/logged-body'
import type { Har, HarEntry } from '../../../shared/schemas/har'
import { VERSION } from '../../../shared/version'
import type { ApiRequestRow } from '../db/api-requests-repo'

type Headers = Record<string, string>

function headerList(headers: Headers): HarEntry['request']['headers'] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }))
}

function headerValue(headers: Headers, name: string): string | undefined {
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]
}

/** A stored body: the text kept, its whole size in bytes, and a comment when only its start was kept. */
function bodyOf(stored: string | null): { text: string; size: number; comment?: string } | null {
  if (stored === null) return null
  const { kept, cut } = parseLoggedBody(stored)
  if (!cut) return { text: kept, size: Buffer.byteLength(kept) }
  return { text: kept, size: cut.totalBytes, comment: `cut: the request log kept the first ${cut.keptKiB} KiB of ${cut.totalBytes} bytes` }
}

function queryList(query: string): HarEntry['request']['queryString'] {
  return [...new URLSearchParams(query).entries()].map(([name, value]) => ({ name, value }))
}

/** One logged request as a HAR entry: headers and bodies exactly as the log keeps them (already redacted). */
export function harEntry(row: ApiRequestRow): HarEntry {
  const requestBody = bodyOf(row.request_body)
  const responseBody = bodyOf(row.response_body)
  const host = headerValue(row.request_headers, 'host') ?? '127.0.0.1'
  const cuts = [requestBody?.comment && 'request body', responseBody?.comment && 'response body'].filter(Boolean)
  return {
    startedDateTime: new Date(row.at).toISOString(),
    time: row.duration_ms,
    request: {
      method: row.method, url: `http://${host}${row.path}${row.query}`, httpVersion: 'HTTP/1.1', cookies: [],
      headers: headerList(row.request_headers), queryString: queryList(row.query), headersSize: -1,
      bodySize: requestBody?.size ?? 0,
      ...(requestBody ? { postData: { mimeType: headerValue(row.request_headers, 'content-type') ?? 'application/octet-stream', text: requestBody.text, ...(requestBody.comment ? { comment: requestBody.comment } : {}) } } : {}),
    },
    response: {
      status: row.status, statusText: STATUS_CODES[row.status] ?? '', httpVersion: 'HTTP/1.1', cookies: [],
      headers: headerList(row.response_headers),
      content: {
        size: responseBody?.size ?? 0, mimeType: headerValue(row.response_headers, 'content-type') ?? 'application/json',
        ...(responseBody ? { text: responseBody.text } : {}), ...(responseBody?.comment ? { comment: responseBody.comment } : {}),
      },
      redirectURL: '', headersSize: -1, bodySize: responseBody?.size ?? 0,
    },
    cache: {},
    timings: { send: 0, wait: row.duration_ms, receive: 0 },
    ...(cuts.length > 0 ? { comment: `${cuts.join(' and ')} cut (only the start is kept)` } : {}),
    _requestId: row.request_id,
    _transactionId: row.transaction_id,
    _faults: row.faults,
  }
}

/** HAR 1.2 of the given log rows, oldest first. Times are the simulated clock's, like the log's. */
export function harOf(rows: readonly ApiRequestRow[], environment: string): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Paydesk', version: VERSION },
      comment: `Paydesk request log (${environment} environment). Credentials are redacted as in the log; bodies over its limits are cut and say so.`,
      entries: [...rows].sort((a, b) => a.seq - b.seq).map(harEntry),
    },
  }
}
