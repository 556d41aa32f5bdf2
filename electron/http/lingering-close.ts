import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'

/** Close once the client has sent nothing for this long... */
export const LINGER_IDLE_MS = 100
/** ...or this long after our answer was sent, whichever comes first. */
export const LINGER_MAX_MS = 400

/**
 * A staged close (RFC 9112 §9.6, nginx's lingering_close) for a connection we end while the client is still
 * sending, as after a 413 or a refused head (431, 400). Closing a socket whose receive buffer holds bytes we
 * never read makes the kernel send RST instead of FIN and drop whatever it had not yet sent: on a loaded machine
 * that was our answer, and the client saw the connection reset with no answer. So after the answer we close our
 * side (FIN), keep reading and discarding what still arrives, and destroy the socket only when the client
 * closes, pauses for LINGER_IDLE_MS, or LINGER_MAX_MS has passed. Bounded, so an endless upload still cannot
 * hold the connection.
 */
export function closeInStages(socket: Socket): void {
  if (socket.destroyed) return
  if (socket.writable) socket.end()
  socket.resume()
  const started = Date.now()
  let seen = socket.bytesRead
  const timer = setInterval(() => {
    const idle = socket.bytesRead === seen
    seen = socket.bytesRead
    if (socket.destroyed || idle || Date.now() - started >= LINGER_MAX_MS) {
      clearInterval(timer)
      socket.destroy()
    }
  }, LINGER_IDLE_MS)
  socket.once('close', () => clearInterval(timer))
}

/**
 * Closes in stages the connection of a request whose body was refused. Node's HTTP server ends a
 * `Connection: close` response by calling `socket.destroySoon()` (end, then destroy as soon as the answer is
 * flushed); for this one socket that step is replaced by the staged one.
 */
export function lingerAfterAnswer(req: IncomingMessage): void {
  const socket = req.socket
  socket.destroySoon = () => {
    // Whatever the parser still hands to the request is thrown away (the body was refused).
    req.removeAllListeners('data')
    req.resume()
    closeInStages(socket)
  }
}
