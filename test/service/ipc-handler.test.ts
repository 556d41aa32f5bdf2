import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, type BridgeRequest } from '../../shared/api/bridge'
import type { ServiceResponse } from '../../shared/api/envelope'
import type { PushEvent } from '../../shared/api/push-events'
import { materializeResponse } from '../../shared/api/raw-json'
import {
  createSenderCheck, forwardPushEvents, registerIpcHandler, type EventTargetLike, type FrameLike, type InvokeEventLike, type IpcMainLike,
} from '../../electron/main/ipc-handler'
import type { AppLocation } from '../../electron/main/url-policy'
import { ref, startTestServer, type TestServer } from '../support/harness'

type Listener = (event: InvokeEventLike, ...args: unknown[]) => unknown

/** Just enough of Electron's ipcMain: one handler per channel, and an `invoke` that behaves like the
 *  renderer's (the answer is structured-cloned on its way over, so it must be a plain value). */
function fakeIpcMain() {
  const handlers = new Map<string, Listener>()
  const ipc: IpcMainLike = {
    handle(channel, listener) {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
      handlers.set(channel, listener)
    },
    removeHandler(channel) {
      handlers.delete(channel)
    },
  }
  return {
    ipc,
    channels: () => [...handlers.keys()],
    async invoke(event: InvokeEventLike, ...args: unknown[]): Promise<ServiceResponse> {
      const handler = handlers.get(IPC_CALL_CHANNEL)
      if (!handler) throw new Error(`No handler registered for '${IPC_CALL_CHANNEL}'`)
      return structuredClone((await handler(event, ...args)) as ServiceResponse)
    },
  }
}

const indexFile = resolve('/opt/paydesk/out/renderer/index.html')
const location: AppLocation = { kind: 'file', indexFile }
const appUrl = `${pathToFileURL(indexFile).href}#/charges`
const ourContents = { id: 1 }
const topFrame: FrameLike = { url: appUrl, parent: null }
const fromApp: InvokeEventLike = { sender: ourContents, senderFrame: topFrame }

let server: TestServer
let ipc: ReturnType<typeof fakeIpcMain>
let removeHandler: () => void
let currentContents: object | null = ourContents

beforeAll(async () => {
  server = await startTestServer()
  ipc = fakeIpcMain()
  removeHandler = registerIpcHandler(ipc.ipc, server.service, createSenderCheck(() => currentContents, location))
})
afterAll(() => server.close())
beforeEach(() => {
  currentContents = ourContents
})

const call = (request: unknown, event: InvokeEventLike = fromApp) => ipc.invoke(event, request)
const bridge = (routeId: string, input: BridgeRequest['input'] = {}, environment: BridgeRequest['environment'] = 'test'): BridgeRequest => ({ routeId, input, environment })
const withoutRequestId = (body: unknown) => JSON.parse(JSON.stringify(body), (key, value) => (key === 'requestId' ? '<id>' : value))

function expectError(response: ServiceResponse, status: number, code: string, message: RegExp) {
  expect(response.status).toBe(status)
  expect(response.body).toMatchObject({ error: { code, message: expect.stringMatching(message), requestId: expect.stringMatching(/^req_/) } })
}

describe('IPC call channel: same route table, same envelope as HTTP', () => {
  it('answers GET /v1/accounts exactly as the HTTP API does for the same service', async () => {
    const http = await server.request('GET', '/v1/accounts?type=payouts')
    const viaIpc = await call(bridge('accounts.list', { query: { type: 'payouts' } }))
    expect(http.status).toBe(200)
    expect(viaIpc.status).toBe(http.status)
    expect(viaIpc.body).toEqual(http.body)
    const items = (viaIpc.body as { data: { items: Array<{ type: string }> } }).data.items
    expect(items.length).toBeGreaterThan(0)
    expect(items.every((account) => account.type === 'payouts')).toBe(true)
  })

  it('carries a transactions page as one JSON string that the renderer parses into what HTTP answers', async () => {
    const reference = ref('ipc-list')
    await server.request('POST', '/v1/mobile/charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference, metadata: { order: 7 } } })
    const query = { startDate: '2026-11-01', endDate: '2026-11-30', limit: '5' }
    const http = await server.request('GET', '/v1/transactions?startDate=2026-11-01&endDate=2026-11-30&limit=5')
    const viaIpc = await call(bridge('transactions.list', { query }))
    expect(viaIpc.status).toBe(200)
    // Over the channel: the page as text, never rows as objects (shared/api/raw-json.ts)...
    const data = (viaIpc.body as { data: unknown }).data
    expect(data).toEqual({ rawJson: expect.any(String) })
    // ...which the renderer's IPC transport (renderer/src/api/ipc-transport.ts) turns into the same envelope as HTTP.
    expect(materializeResponse(viaIpc).body).toEqual(http.body)
    expect(http.body.data.items[0]).toMatchObject({ merchantTransactionId: reference, metadata: { order: 7 } })
  })

  it('answers a validation error with the same envelope as HTTP (only the request id differs)', async () => {
    const http = await server.request('GET', '/v1/transactions?startDate=2026-11-01&endDate=yesterday')
    const viaIpc = await call(bridge('transactions.list', { query: { startDate: '2026-11-01', endDate: 'yesterday' } }))
    expect(http.status).toBe(400)
    expect(viaIpc.status).toBe(400)
    expect(withoutRequestId(viaIpc.body)).toEqual(withoutRequestId(http.body))
  })

  it('moves money through the same operation: a charge made over IPC is visible over HTTP', async () => {
    const reference = ref('ipc')
    const charge = await call(bridge('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference } }))
    expect(charge.status).toBe(202)
    expect(charge.body).toMatchObject({ status: 'success', message: 'Transaction initiated successfully' })
    const lookup = await server.request('GET', `/v1/transaction?merchantTransactionId=${reference}`)
    expect(lookup.status).toBe(200)
  })

  it('serves the support desk over IPC: search by a phone spoken with spaces, and the console\'s own charge in the audit log', async () => {
    const reference = ref('ipc-desk')
    const charge = await call(bridge('mobile.charge', { body: { phoneNumber: '0723 000 111'.replace(/ /g, ''), amount: 10_000, merchantTransactionId: reference } }))
    const id = (charge.body as { data: { transactionId: string } }).data.transactionId
    const found = await call(bridge('console.search', { query: { q: '0723 000 111', timeZone: 'Africa/Nairobi' } }))
    expect(found.status).toBe(200)
    expect(found.body).toMatchObject({ data: { understood: { phoneNumber: '+254723000111' }, groups: [{ match: 'phone', items: [{ publicId: id }] }] } })
    const audit = await call(bridge('console.audit.list', { query: { action: 'mobile.charge' } }))
    expect((audit.body as { data: { items: { target: string; label: string }[] } }).data.items[0]).toMatchObject({ target: id, label: 'Charge requested from the console' })
  })

  it('reaches console routes without a token (the window is the console) in the environment it names', async () => {
    const live = await call(bridge('console.info', {}, 'live'))
    expect(live.status).toBe(200)
    expect(live.body).toMatchObject({ data: { environment: 'live' } })
    const overHttp = await server.request('GET', '/console/info')
    expect(overHttp.status).toBe(403)
  })

  it('manages simulated customers over IPC like the console does over HTTP', async () => {
    const saved = await call(bridge('console.customers.put', { params: { phoneNumber: '0712016101' }, body: { name: 'Over IPC', balance: 1_000 } }))
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ data: { phoneNumber: '+254712016101', name: 'Over IPC', balance: 1_000, status: 'active' } })
    const listed = await call(bridge('console.customers.list'))
    expect((listed.body as { data: { items: { phoneNumber: string }[] } }).data.items.map((c) => c.phoneNumber)).toContain('+254712016101')
    expect((await call(bridge('console.customers.delete', { params: { phoneNumber: '+254712016101' } }))).status).toBe(200)
  })

  it('passes the Idempotency-Key through: a retried call is replayed', async () => {
    const request = bridge('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: ref('idem') }, idempotencyKey: 'a8f5f167-0d2b-4a0e-9a3c-6b2f1e7d9c11' })
    const first = await call(request)
    const second = await call(request)
    expect(second.headers['Idempotent-Replayed']).toBe('true')
    expect(second.body).toEqual(first.body)
  })
})

describe('IPC call channel: bad requests get a clear error envelope, never a throw', () => {
  it('refuses an unknown route id with 404', async () => {
    const response = await call(bridge('mobile.teleport'))
    expectError(response, 404, 'resource_not_found', /No route mobile\.teleport/)
    expect(response.body).toMatchObject({ error: { param: 'routeId' } })
  })

  it.each([
    ['not an object', 'accounts.list', undefined],
    ['null', null, undefined],
    ['no environment', { routeId: 'accounts.list', input: {} }, 'environment'],
    ['an unknown environment', { routeId: 'accounts.list', input: {}, environment: 'prod' }, 'environment'],
    ['input that is not an object', { routeId: 'accounts.list', input: 'type=payouts', environment: 'test' }, 'input'],
    ['an extra field', { routeId: 'accounts.list', input: {}, environment: 'test', bearer: 'sk_test_x' }, null],
    ['a non-string route id', { routeId: 42, input: {}, environment: 'test' }, 'routeId'],
  ])('refuses a request that is %s with 400', async (_label, request, param) => {
    const response = await call(request)
    expectError(response, 400, 'invalid_parameter', /^Malformed IPC request.*Expected \{ routeId, input, environment \}/)
    if (param !== undefined) expect(response.body).toMatchObject({ error: { param } })
  })

  it('reports invalid route input like HTTP does: the field, and a 400', async () => {
    const response = await call(bridge('mobile.charge', { body: { phoneNumber: '12345', amount: 10_000, merchantTransactionId: ref('bad') } }))
    expectError(response, 400, 'invalid_parameter', /phoneNumber/)
    expect(response.body).toMatchObject({ error: { param: 'phoneNumber' } })
  })
})

describe('IPC call channel: only our window showing our page may call', () => {
  const foreign: Array<[string, InvokeEventLike]> = [
    ['another web contents', { sender: { id: 2 }, senderFrame: topFrame }],
    ['a subframe of our window', { sender: ourContents, senderFrame: { url: appUrl, parent: topFrame } }],
    ['our window navigated to a web page', { sender: ourContents, senderFrame: { url: 'https://evil.example/', parent: null } }],
    ['our window showing another local file', { sender: ourContents, senderFrame: { url: pathToFileURL(resolve('/tmp/evil.html')).href, parent: null } }],
    ['a frame that is already gone', { sender: ourContents, senderFrame: null }],
  ]

  it.each(foreign)('refuses %s with 403 and does not run the route', async (_label, event) => {
    const reference = ref('foreign')
    const response = await call(bridge('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference } }), event)
    expectError(response, 403, 'forbidden', /only from the Paydesk window/)
    const lookup = await server.request('GET', `/v1/transaction?merchantTransactionId=${reference}`)
    expect(lookup.status).toBe(404)
  })

  it('refuses everyone while no window exists', async () => {
    currentContents = null
    expectError(await call(bridge('accounts.list')), 403, 'forbidden', /only from the Paydesk window/)
  })

  it('accepts the dev server origin in development, and nothing else there', async () => {
    const dev: AppLocation = { kind: 'dev', url: 'http://localhost:5173' }
    const check = createSenderCheck(() => ourContents, dev)
    expect(check({ sender: ourContents, senderFrame: { url: 'http://localhost:5173/#/settings', parent: null } })).toBe(true)
    expect(check({ sender: ourContents, senderFrame: { url: 'http://localhost:5174/', parent: null } })).toBe(false)
    expect(check({ sender: ourContents, senderFrame: { url: appUrl, parent: null } })).toBe(false)
  })
})

describe('IPC registration and push events', () => {
  it('registers exactly one channel and removes it again', () => {
    const local = fakeIpcMain()
    const remove = registerIpcHandler(local.ipc, server.service, () => true)
    expect(local.channels()).toEqual([IPC_CALL_CHANNEL])
    remove()
    expect(local.channels()).toEqual([])
    expect(removeHandler).toBeTypeOf('function')
  })

  it('forwards engine events to the current window on paydesk:event, and stops when unsubscribed', async () => {
    const sent: Array<[string, unknown]> = []
    let destroyed = false
    const contents: EventTargetLike = { isDestroyed: () => destroyed, send: (channel, payload) => sent.push([channel, payload]) }
    const unsubscribe = forwardPushEvents(server.service, () => contents)

    const charge = await call(bridge('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: ref('push') } }))
    const transactionId = (charge.body as { data: { transactionId: string } }).data.transactionId
    server.clock.advance(60_000)
    await server.service.tick()
    const events = sent.filter(([channel]) => channel === IPC_EVENT_CHANNEL).map(([, payload]) => payload as PushEvent)
    expect(sent.every(([channel]) => channel === IPC_EVENT_CHANNEL)).toBe(true)
    expect(events).toContainEqual(expect.objectContaining({ type: 'transaction.changed', transactionId, status: 'completed' }))
    expect(events).toContainEqual(expect.objectContaining({ type: 'balance.changed', environment: 'test' }))

    destroyed = true
    const beforeDestroyed = sent.length
    await call(bridge('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: ref('gone') } }))
    server.clock.advance(60_000)
    await server.service.tick()
    expect(sent.length).toBe(beforeDestroyed)

    destroyed = false
    unsubscribe()
    await call(bridge('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: ref('off') } }))
    server.clock.advance(60_000)
    await server.service.tick()
    expect(sent.length).toBe(beforeDestroyed)
  })
})
