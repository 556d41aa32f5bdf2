import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface DelayedReceiver {
  url: string
  requests: { headers: IncomingHttpHeaders; body: string }[]
  close(): Promise<void>
}

/**
 * A webhook endpoint on 127.0.0.1 that records every request and answers 200 only after `delayMs`, so
 * deliveries are still in flight when a crash test kills the sender (and must be sent again after it).
 */
export async function startDelayedReceiver(delayMs: number): Promise<DelayedReceiver> {
  const requests: DelayedReceiver['requests'] = []
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), delayMs)
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow-hook`,
    requests,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
