import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedWebhook {
  path: string
  headers: IncomingHttpHeaders
  body: { id: string; type: string; data: unknown }
}

/**
 * A webhook receiver for one test on a free loopback port: `/ok` answers 200 "received",
 * `/fail` answers 500 "receiver down", so both outcomes show in the console's attempt log.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      try {
        received.push({ path, headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) })
      } catch {
        // Not JSON: still answered below, just not recorded.
      }
      const ok = !path.startsWith('/fail')
      response.writeHead(ok ? 200 : 500, { 'Content-Type': 'text/plain' })
      response.end(ok ? 'received' : 'receiver down')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    received,
    url: (path: '/ok' | '/fail' | `/ok/${string}` | `/fail/${string}` = '/ok') => `${base}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A loopback URL nothing listens on: a port we bound and released at once, so attempts fail with a refused connection. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/hooks`
}
