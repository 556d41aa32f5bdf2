import type { Duplex } from 'node:stream'
import { STATUS_CODES } from 'node:http'

/** What node's HTTP parser reports, and the status a client should see for it. */
const STATUS_BY_CODE: Record<string, number> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
}

const MESSAGES: Record<number, string> = {
  400: 'The request is not valid HTTP.',
  408: 'The request took too long to arrive; the connection is closed.',
  431: 'The request headers are too large.',
}

/**
 * Answers a request that never reached the router because node's parser refused it (bad bytes in a
 * header, a head too large) or a slow-client deadline passed. Node's default answer is a bare status line;
 * clients get the API's error envelope instead, and the connection is always closed (its stream position
 * is unknown). Built here rather than through the error catalogue: these statuses only exist at this layer.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex, requestId: string): void {
  // As node does by default: answer only if the peer can still read and no response has begun on this
  // connection (writing into the middle of one would corrupt what the client reads).
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy()
    return
  }
  const status = STATUS_BY_CODE[error.code ?? ''] ?? 400
  const body = JSON.stringify({
    error: { type: 'invalid_request_error', code: 'invalid_parameter', message: MESSAGES[status], param: null, requestId },
  })
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
      body,
  )
  // Destroy rather than end: a slow client must not keep a half-open connection by never closing its side.
  socket.destroy()
}
