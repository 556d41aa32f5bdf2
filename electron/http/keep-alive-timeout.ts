import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** Node runs an idle connection's timer this long after keepAliveTimeout; later than that, the thread was busy. */
const NODE_KEEP_ALIVE_BUFFER_MS = 1_000

/**
 * Closes an idle keep-alive connection at its timeout, but never one a client may be using in good faith.
 *
 * Node destroys the socket in the timers phase, before the poll phase reads what arrived meanwhile, and its
 * timer counts time the engine thread was busy (a restore of a large snapshot, a long batch). Two cases lost a
 * request to a reset (ECONNRESET) although the client did nothing wrong; the fuzz tests saw them as
 * "fetch failed" on a loaded CI machine:
 * - the request reached us while the thread was busy past the timeout: the close now waits for the check
 *   phase, after the poll phase, and does not happen if a request began on the socket since;
 * - the timer ran late (the thread was busy past Node's 1-s buffer): a client that reads our answers late,
 *   as one sharing this thread does, had no chance to use or close the connection in time. The connection
 *   then gets its idle time again instead of being closed.
 * Listening to 'timeout' takes the close over from Node (it destroys the socket only when nobody listens).
 */
export function closeIdleKeepAliveFairly(server: Server): void {
  /**
   * When the socket's idle timer should run, had the thread been free; Infinity while a request is in
   * progress. Any change between the timer and the close means a request began meanwhile.
   */
  const dueAt = new WeakMap<Socket, number>()
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket
    dueAt.set(socket, Infinity)
    res.once('finish', () => dueAt.set(socket, Date.now() + server.keepAliveTimeout + NODE_KEEP_ALIVE_BUFFER_MS))
  })
  server.on('timeout', (socket: Socket) => {
    const now = Date.now()
    const due = dueAt.get(socket)
    if (due !== undefined && now - due > NODE_KEEP_ALIVE_BUFFER_MS) {
      dueAt.set(socket, now + server.keepAliveTimeout)
      socket.setTimeout(server.keepAliveTimeout)
      return
    }
    setImmediate(() => {
      if (dueAt.get(socket) === due) socket.destroy()
    })
  })
}
