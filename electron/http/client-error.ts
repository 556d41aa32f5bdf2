import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { STATUS_CODES } from 'node:http'
import { ApiError, type ErrorKind } from '../../shared/errors'
import { errorResponse } from '../service'
import { closeInStages } from './lingering-close'

/** Sockets whose refusal is under way (waiting for the answer before it, written, or being closed in stages). */
const refusing = new WeakSet<Duplex>()

/** The parts of node's ServerResponse in flight on a socket that decide whether to let it finish first. */
interface InFlightResponse {
  headersSent?: boolean
  writableFinished?: boolean
  req?: { complete?: boolean }
  once?(event: string, listener: () => void): void
}

/** What node's HTTP parser reports, and the catalogue error a client should see for it. */
const ERROR_BY_CODE: Record<string, [ErrorKind, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: ['request_timeout', 'The request took too long to arrive; the connection is closed.'],
  HPE_HEADER_OVERFLOW: ['headers_too_large', 'The request headers are too large.'],
}
const NOT_HTTP: [ErrorKind, string] = ['invalid_parameter', 'The request is not valid HTTP.']

/**
 * Answers a request that never reached the router because node's parser refused it (bad bytes in a
 * header, a head too large) or a slow-client deadline passed. Node's default answer is a bare status line;
 * clients get the API's error envelope instead, and the connection is always closed (its stream position
 * is unknown). The socket is written by hand because no ServerResponse exists for such a request.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex, requestId: string): void {
  // Node's parser stays attached after an error and reports it again for every later chunk: the first refusal stands.
  if (refusing.has(socket)) return
  refusing.add(socket)
  refuse(error, socket, requestId)
}

function refuse(error: Error & { code?: string }, socket: Duplex, requestId: string): void {
  // As node does by default: answer only if the peer can still read and no response has begun on this
  // connection (writing into the middle of one would corrupt what the client reads).
  const inFlight = (socket as Duplex & { _httpMessage?: InFlightResponse })._httpMessage
  const answering = inFlight?.req?.complete === true && !inFlight.headersSent && !inFlight.writableFinished
  if (answering && typeof inFlight.once === 'function' && error.code !== 'ECONNRESET' && error.code !== 'ERR_HTTP_REQUEST_TIMEOUT' && socket.writable) {
    // Group commit: the request before the bad bytes arrived whole and waits for its batch's COMMIT.
    // Answer it first (as when answers came in the same turn), then refuse the rest and close. A request
    // still arriving (a slow body) is never waited for: its deadline answers 408 at once, as before.
    inFlight.once('finish', () => refuse(error, socket, requestId))
    return
  }
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy()
    return
  }
  const [kind, message] = ERROR_BY_CODE[error.code ?? ''] ?? NOT_HTTP
  const response = errorResponse(new ApiError(kind, message), requestId)
  const status = response.status
  const body = JSON.stringify(response.body)
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
      body,
  )
  // Never a plain destroy: bytes the parser left unread would turn the close into a reset that can drop this
  // answer. Never a plain end either: a slow client must not keep a half-open connection by never closing.
  closeInStages(socket as Socket)
}
