import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { isErrorEnvelope } from '../../shared/api/envelope'
import type { RouteData } from '../../shared/api/routes'
import type { PaydeskService } from '../../electron/service'
import { CONSOLE_TOKEN } from './harness'

/** One request as the receiver saw it: the raw body bytes are what the signatures must cover. */
export interface ReceivedWebhook {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/**
 * How the receiver answers a request: a status (and body), never (the socket stays open until close),
 * reset (destroys the connection without an answer), or flood (200 and an endless body).
 */
export type ReceiverAnswer = { status: number; body?: string } | 'hang' | 'reset' | 'flood'

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hook */
  url: string
  port: number
  requests: ReceivedWebhook[]
  /** How the next requests are answered (default 200 "ok"). */
  answer: (request: ReceivedWebhook, index: number) => ReceiverAnswer
  /** Resolves once `count` requests in all have arrived. */
  waitForRequests(count: number): Promise<ReceivedWebhook[]>
  /** Bytes written by flood answers so far (proves the sender hung up). */
  floodBytesWritten(): number
  /** Resolves when a flooded connection has been closed by the sender. */
  floodClosed(): Promise<void>
  close(): Promise<void>
}

const FLOOD_CHUNK = Buffer.alloc(64 * 1024, 'x')

/** A real HTTP receiver on 127.0.0.1 (port 0 unless given), recording every request. */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const requests: ReceivedWebhook[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  const sockets = new Set<Socket>()
  let floodBytes = 0
  let floodClosedResolve: () => void = () => {}
  const floodClosed = new Promise<void>((resolve) => (floodClosedResolve = resolve))

  const flood = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/plain' })
    const pump = () => {
      // Write until the peer hangs up; respect backpressure so we measure what the sender let through.
      while (!res.destroyed && !res.writableEnded) {
        floodBytes += FLOOD_CHUNK.length
        if (!res.write(FLOOD_CHUNK)) return void res.once('drain', pump)
      }
    }
    res.on('close', () => floodClosedResolve())
    pump()
  }

  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    requests,
    answer: () => ({ status: 200, body: 'ok' }),
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve(requests.slice())
      return new Promise((resolve) => waiters.push({ count, resolve: () => resolve(requests.slice()) }))
    },
    floodBytesWritten: () => floodBytes,
    floodClosed: () => floodClosed,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request: ReceivedWebhook = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      const index = requests.push(request) - 1
      const answer = receiver.answer(request, index)
      for (const waiter of waiters.slice()) {
        if (requests.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve()
        }
      }
      if (answer === 'hang') return
      if (answer === 'reset') return void req.socket.destroy()
      if (answer === 'flood') return flood(res)
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '')
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  receiver.port = (server.address() as AddressInfo).port
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`
  return receiver
}

/** A port nothing listens on (it was free a moment ago): connections to it are refused. */
export async function unusedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name]
  if (typeof value !== 'string') throw new Error(`missing header ${name}`)
  return value
}

/** One header of a received request as text (throws when it is missing or repeated). */
export function headerOf(request: ReceivedWebhook, name: string): string {
  return header(request.headers, name)
}

/**
 * Verifies the provider scheme independently of the engine (node:crypto): `t=<unix>,v1=<hex>[,v1=<hex>…]`,
 * HMAC-SHA256 keyed with the whole secret string over `t.body`. True when one v1 matches.
 */
export function verifyProviderSignature(secret: string, request: ReceivedWebhook): boolean {
  const parts = header(request.headers, 'x-webhook-signature').split(',').map((part) => part.split('=') as [string, string])
  const t = parts.find(([key]) => key === 't')?.[1]
  if (t === undefined) return false
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest()
  return parts.some(([key, value]) => key === 'v1' && value.length === expected.length * 2 && timingSafeEqual(Buffer.from(value, 'hex'), expected))
}

/** The `t` of the provider header, in unix seconds. */
export function providerTimestamp(request: ReceivedWebhook): number {
  return Number(/(?:^|,)t=(\d+)/.exec(header(request.headers, 'x-webhook-signature'))?.[1])
}

/** Verifies the Standard Webhooks headers with the `standardwebhooks` package; throws when they do not verify. */
export function verifyStandardSignature(secret: string, request: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': header(request.headers, 'webhook-id'),
    'webhook-timestamp': header(request.headers, 'webhook-timestamp'),
    'webhook-signature': header(request.headers, 'webhook-signature'),
  })
}

/**
 * Ticks until no delivery is waiting for its first attempt (a tick only starts what fits in the free
 * slots: 8 in all, 2 per endpoint). Reads the console's event log, so it sees what the console sees.
 */
export async function tickUntilDelivered(service: PaydeskService, maxTicks = 50): Promise<void> {
  for (let i = 0; i < maxTicks; i++) {
    await service.tick()
    const response = service.call('console.webhooks.events.list', { query: { limit: '200' } }, { bearer: CONSOLE_TOKEN })
    if (isErrorEnvelope(response.body)) throw new Error(`events.list answered ${response.status}`)
    const { items } = response.body.data as RouteData<'console.webhooks.events.list'>
    if (!items.some((event) => event.deliveries.some((d) => d.status === 'pending' && d.attemptCount === 0))) return
  }
  throw new Error(`deliveries still waiting for a first attempt after ${maxTicks} ticks`)
}
