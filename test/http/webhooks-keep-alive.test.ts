import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { isErrorEnvelope } from '../../shared/api/envelope'
import type { RouteData } from '../../shared/api/routes'
import type { PaydeskService } from '../../electron/service'
import { DEFAULT_LIMITS } from '../../electron/service/webhooks/dispatcher'
import { createHttpTransport, RESPONSE_PREFIX_BYTES } from '../../electron/service/webhooks/http-transport'
import { DEFAULT_ORIGIN_AGENT_LIMITS } from '../../electron/service/webhooks/origin-agents'
import { CONSOLE_TOKEN, fakeClock, testService } from '../support/harness'
import { tickUntilDelivered } from '../support/webhook-receiver'

/**
 * Webhook attempts over the real HTTP transport to a receiver on 127.0.0.1 that numbers its TCP
 * connections: attempts to one origin reuse keep-alive connections, and a connection whose answer was
 * not read to its end (a timeout, a body beyond the prefix we keep) is never used again.
 */
type Answer = 'ok' | 'large' | 'hang'

interface CountingReceiver {
  origin: string
  /** Connections accepted so far. */
  connections(): number
  /** Per request in arrival order: its webhook-id, path and the number of the connection it came on. */
  requests: { id: string; path: string; connection: number }[]
  /** Resolves when the given connection has been closed (by either side). */
  closed(connection: number): Promise<void>
  answer: (index: number) => Answer
  close(): Promise<void>
}

async function startCountingReceiver(): Promise<CountingReceiver> {
  const numbers = new WeakMap<Socket, number>()
  const closedWaiters = new Map<number, Promise<void>>()
  const sockets = new Set<Socket>()
  let count = 0
  const receiver: CountingReceiver = {
    origin: '',
    connections: () => count,
    requests: [],
    closed: (connection) => closedWaiters.get(connection) ?? Promise.reject(new Error(`no connection ${connection}`)),
    answer: () => 'ok',
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((done) => server.close(() => done()))
    },
  }
  const server: Server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const index = receiver.requests.push({ id: String(req.headers['webhook-id']), path: req.url ?? '', connection: numbers.get(req.socket)! }) - 1
      const answer = receiver.answer(index)
      if (answer === 'hang') return
      // Complete and well-formed, but longer than the prefix the transport keeps: it stops reading early.
      if (answer === 'large') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('y'.repeat(4 * RESPONSE_PREFIX_BYTES))
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  server.on('connection', (socket) => {
    const number = ++count
    numbers.set(socket, number)
    sockets.add(socket)
    closedWaiters.set(number, new Promise((done) => socket.on('close', () => done())))
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
  receiver.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return receiver
}

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function setup(transportOptions: Parameters<typeof createHttpTransport>[0] = {}) {
  const clock = fakeClock(Date.now())
  const { service } = testService({ now: clock.now, webhookTransport: createHttpTransport({ timeoutMs: 300, ...transportOptions }) })
  cleanups.push(() => service.close())
  return { service, clock }
}

async function receiver() {
  const hook = await startCountingReceiver()
  cleanups.push(() => hook.close())
  return hook
}

function sendTestEvent(service: PaydeskService, url: string): string {
  const response = service.call('console.webhooks.test', { body: { url } }, { bearer: CONSOLE_TOKEN })
  if (isErrorEnvelope(response.body)) throw new Error(`console.webhooks.test answered ${response.status}`)
  return (response.body.data as RouteData<'console.webhooks.test'>).id
}

function deliveryOf(service: PaydeskService, eventId: string) {
  const response = service.call('console.webhooks.events.get', { params: { eventId } }, { bearer: CONSOLE_TOKEN })
  if (isErrorEnvelope(response.body)) throw new Error(`console.webhooks.events.get answered ${response.status}`)
  return (response.body.data as RouteData<'console.webhooks.events.get'>).deliveries[0]!
}

describe('webhook connections', () => {
  it('attempts to one origin reuse its keep-alive connections, across paths and ticks, each event sent once', async () => {
    // Timeouts are not what this test is about: a 300 ms one may pass on a busy machine, and a timed-out
    // attempt's connection is rightly never reused (the next test).
    const { service } = setup({ timeoutMs: 5_000 })
    const hook = await receiver()
    const batch = (n: number) => Array.from({ length: n }, (_, i) => sendTestEvent(service, `${hook.origin}/hook-${i % 2 ? 'a' : 'b'}?n=${i}`))

    const first = batch(24)
    await tickUntilDelivered(service)
    const second = batch(24)
    await tickUntilDelivered(service)

    const sent = [...first, ...second]
    for (const id of sent) expect(deliveryOf(service, id).status).toBe('succeeded')
    // Every event arrived exactly once: pooling never sends an attempt twice.
    expect(hook.requests.map((r) => r.id).sort()).toEqual([...sent].sort())
    // 48 deliveries, at most maxPerEndpoint of them at a time: that many connections at most, not one each.
    expect(hook.connections()).toBeLessThanOrEqual(DEFAULT_LIMITS.maxPerEndpoint)
    // The second batch went over connections the first one opened.
    const firstConnections = new Set(hook.requests.filter((r) => first.includes(r.id)).map((r) => r.connection))
    expect(hook.requests.filter((r) => second.includes(r.id)).every((r) => firstConnections.has(r.connection))).toBe(true)
  })

  it('never reuses a connection whose answer was not read to its end: a timeout, a body beyond the prefix', async () => {
    const { service } = setup()
    const hook = await receiver()
    const answers: Answer[] = ['ok', 'hang', 'ok', 'large', 'ok', 'ok']
    hook.answer = (index) => answers[index] ?? 'ok'

    const ids: string[] = []
    for (let i = 0; i < answers.length; i++) {
      // One at a time, so each attempt may take the previous one's connection when it was given back.
      ids.push(sendTestEvent(service, `${hook.origin}/hook`))
      // The clock stands still, so the timed-out delivery's retry never comes due here.
      await service.tick()
    }

    const [ok1, hang, ok2, large, ok3, ok4] = hook.requests
    expect(hook.requests.map((r) => r.id)).toEqual(ids)
    expect(deliveryOf(service, ids[1]!).attempts[0]!.error).toMatch(/timed out/)
    expect(deliveryOf(service, ids[3]!)).toMatchObject({ status: 'succeeded' })
    expect(deliveryOf(service, ids[3]!).attempts[0]!.responseBody).toBe('y'.repeat(RESPONSE_PREFIX_BYTES))
    // A complete short answer gives its connection back: the next attempt came over it.
    expect(hang!.connection).toBe(ok1!.connection)
    // The timed-out connection was closed by us, not reused; the same after the answer we stopped reading.
    await hook.closed(hang!.connection)
    expect(ok2!.connection).not.toBe(hang!.connection)
    expect(large!.connection).toBe(ok2!.connection)
    await hook.closed(large!.connection)
    expect(ok3!.connection).not.toBe(large!.connection)
    expect(ok4!.connection).toBe(ok3!.connection)
    expect(hook.connections()).toBe(3)
  })

  it('closes an idle connection after the idle time, and the next attempt opens a new one', async () => {
    const { service } = setup({ agentLimits: { ...DEFAULT_ORIGIN_AGENT_LIMITS, idleMs: 200 } })
    const hook = await receiver()
    const ids: string[] = []
    for (let i = 0; i < 2; i++) {
      ids.push(sendTestEvent(service, `${hook.origin}/hook`))
      await service.tick()
    }
    // Waits for the close itself (an event), not for a time: the pool's idle timer closes the connection.
    await hook.closed(1)
    ids.push(sendTestEvent(service, `${hook.origin}/hook`))
    await service.tick()
    for (const id of ids) expect(deliveryOf(service, id).status).toBe('succeeded')
    expect(hook.requests.map((r) => r.connection)).toEqual([1, 1, 2])
  })
})
