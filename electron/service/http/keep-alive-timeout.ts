import type { IncomingMessage, Server } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Closes an idle keep-alive connection at its timeout, unless a request is already waiting on it.
 *
 * Node destroys the socket in the timers phase, before the poll phase reads what arrived meanwhile. When the
 * engine thread was busy past the timeout (node waits 1 s more than keepAliveTimeout; a restore of a large
 * snapshot or a long batch can take longer), a client that sent its next request on the connection during that
 * time had it reset (ECONNRESET) instead of answered, although the request reached us before we closed. The
 * fuzz tests saw it as "fetch failed" on a loaded CI machine. Listening to 'timeout' takes the close over from
 * Node; it happens in the check phase, after the poll phase, and only if no request began on the socket since.
 */
export function closeIdleKeepAliveAfterPoll(server: Server): void {
  const requestsOn = new WeakMap<Socket, number>()
  server.on('request', (req: IncomingMessage) => requestsOn.set(req.socket, (requestsOn.get(req.socket) ?? 0) + 1))
  server.on('timeout', (socket: Socket) => {
    const before = requestsOn.get(socket) ?? 0
    setImmediate(() => {
      if ((requestsOn.get(socket) ?? 0) === before) socket.destroy()
    })
  })
}
