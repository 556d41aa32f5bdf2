import { connect } from 'node:net'

/** What came back on a raw connection: the status line's code, headers, body text, and how the connection ended. */
export interface RawAnswer {
  status: number | null
  headers: Record<string, string>
  body: string
  /** ms from connecting until the server closed the connection (null if we closed it first). */
  closedAfterMs: number | null
}

/**
 * Writes bytes on a plain TCP connection (for what no HTTP client will send: bad header bytes, absolute-form
 * targets, trickled heads, bodies that never end) and collects the answer until the server closes the
 * connection or `waitMs` passes. `writes` are sent `intervalMs` apart. `halfOpen`: keep sending after the
 * server closed its side (as an uploader that does not watch for the answer), so only the server ends it.
 */
export function rawExchange(port: number, writes: (string | Buffer)[], options: { intervalMs?: number; waitMs?: number; halfOpen?: boolean } = {}): Promise<RawAnswer> {
  const { intervalMs = 0, waitMs = 3_000, halfOpen = false } = options
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: halfOpen })
    const chunks: Buffer[] = []
    let closedAfterMs: number | null = null
    let ourClose = false
    const timers: NodeJS.Timeout[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => {})
    socket.on('close', () => {
      for (const timer of timers) clearTimeout(timer)
      if (!ourClose) closedAfterMs = Date.now() - started
      const text = Buffer.concat(chunks).toString('utf8')
      const split = text.indexOf('\r\n\r\n')
      const head = split >= 0 ? text.slice(0, split) : text
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]
      resolve({ status: status === undefined ? null : Number(status), headers, body: split >= 0 ? text.slice(split + 4) : '', closedAfterMs })
    })
    socket.on('connect', () => {
      writes.forEach((chunk, i) => timers.push(setTimeout(() => socket.destroyed || socket.write(chunk), i * intervalMs)))
      timers.push(
        setTimeout(() => {
          ourClose = true
          socket.destroy()
        }, waitMs),
      )
    })
  })
}

/**
 * A client that keeps sending after its refusal: writes `first` at once, then, once the server has closed its
 * side, 64 KB more, then closes. Closing a socket that holds unread bytes resets it, and a reset drops the
 * answer if the client had not read it yet; a server that closes in stages lets this client read its answer
 * with no socket error. Returns what was read and the socket errors seen.
 */
export function sendOnAfterClose(port: number, first: string | Buffer): Promise<{ text: string; errors: string[] }> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true })
    const chunks: Buffer[] = []
    const errors: string[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message))
    socket.on('end', () => setTimeout(() => socket.write(Buffer.alloc(64 * 1024, 'a'), () => setTimeout(() => socket.end(), 20)), 20))
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), errors }))
    socket.on('connect', () => socket.write(first))
    setTimeout(() => socket.destroy(), 5_000)
  })
}
