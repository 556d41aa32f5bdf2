import { describe, expect, it } from 'vitest'
import { ROUTES } from '../../shared/api/routes'
import { ApiClientError } from '../../renderer/src/api/api-client-error'
import { createApiClient } from '../../renderer/src/api/client'
import { createHttpTransport } from '../../renderer/src/api/http-transport'
import { routeUrl } from '../../shared/api/route-url'
import { createSseParser } from '../../shared/api/sse-parser'
import type { PushEvent } from '../../shared/api/push-events'

// The console's API layer without a browser: URL building, the SSE parser, and the HTTP transport and
// typed client against a recorded fetch.

interface Recorded { url: string; init: RequestInit }

function fakeFetch(answer: (url: string) => Response): { fetch: typeof fetch; calls: Recorded[] } {
  const calls: Recorded[] = []
  const fn = (async (...[input, init]: Parameters<typeof fetch>) => {
    calls.push({ url: String(input), init: init ?? {} })
    return answer(String(input))
  }) as typeof fetch
  return { fetch: fn, calls }
}

function json(status: number, body: unknown, requestId = 'req_test'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId } })
}

describe('routeUrl', () => {
  it('fills path parameters (encoded) and appends the query, leaving out absent values', () => {
    expect(routeUrl(ROUTES['console.prompts.answer'], { transactionId: 'txn a/b' }, undefined)).toBe('/console/prompts/txn%20a%2Fb/answer')
    expect(routeUrl(ROUTES['transactions.list'], undefined, { startDate: '2026-01-01', endDate: '2026-01-31', type: undefined, limit: '10' }))
      .toBe('/v1/transactions?startDate=2026-01-01&endDate=2026-01-31&limit=10')
  })

  it('refuses a call without a path parameter rather than requesting a wrong URL', () => {
    expect(() => routeUrl(ROUTES['transactions.getById'], {}, undefined)).toThrow(/transactionId/)
  })
})

describe('createSseParser', () => {
  it('yields the data of complete events across chunk boundaries and skips comments', () => {
    const seen: string[] = []
    const feed = createSseParser((data) => seen.push(data))
    feed(': connected\n\n')
    feed('data: {"a":')
    feed('1}\n\ndata: two\r\n')
    expect(seen).toEqual(['{"a":1}'])
    feed('\r\n: heartbeat\n\n')
    expect(seen).toEqual(['{"a":1}', 'two'])
  })
})

describe('HTTP transport and typed client', () => {
  it("sends the route's method and path with the console token, environment, JSON body and idempotency key", async () => {
    const { fetch, calls } = fakeFetch(() => json(202, { status: 'success', message: 'ok', data: { transactionId: 'txn_1', merchantTransactionId: 'm-1' } }))
    const client = createApiClient(createHttpTransport({ getToken: () => 'console-token', fetch }), () => 'live')
    const data = await client.call('mobile.charge', { body: { phoneNumber: '0712345678', amount: 1_000, merchantTransactionId: 'm-1' }, idempotencyKey: 'key-1' })
    expect(data.transactionId).toBe('txn_1')
    expect(calls[0]!.url).toBe('/v1/mobile/charge')
    expect(calls[0]!.init.method).toBe('POST')
    expect(calls[0]!.init.headers).toMatchObject({
      Authorization: 'Bearer console-token', 'Paydesk-Environment': 'live', 'Idempotency-Key': 'key-1', 'Content-Type': 'application/json',
    })
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ phoneNumber: '0712345678', amount: 1_000, merchantTransactionId: 'm-1' })
  })

  it('turns an error envelope into an ApiClientError with type, code, message, param, request id and status', async () => {
    const { fetch } = fakeFetch(() => json(409, { error: { type: 'conflict_error', code: 'duplicate', message: 'taken', param: 'merchantTransactionId', requestId: 'req_9' } }))
    const client = createApiClient(createHttpTransport({ getToken: () => 't', fetch }), () => 'test')
    const error = await client.call('accounts.list', { query: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiClientError)
    expect(error).toMatchObject({ type: 'conflict_error', code: 'duplicate', message: 'taken', param: 'merchantTransactionId', requestId: 'req_9', status: 409 })
  })

  it('reports an unreachable sandbox as status 0 and a GET without a body', async () => {
    const failing = (async () => { throw new TypeError('fetch failed') }) as typeof fetch
    const client = createApiClient(createHttpTransport({ getToken: () => null, fetch: failing }), () => 'test')
    await expect(client.call('console.info')).rejects.toMatchObject({ type: 'network_error', status: 0 })

    const { fetch, calls } = fakeFetch(() => json(200, { status: 'success', message: 'ok', data: { items: [] } }))
    await createApiClient(createHttpTransport({ getToken: () => null, fetch }), () => 'test').call('console.keys.list')
    expect(calls[0]!.init.body).toBeUndefined()
    expect(calls[0]!.init.headers).not.toHaveProperty('Authorization')
  })

  it('streams push events from /console/events and reports the connection', async () => {
    const event: PushEvent = { type: 'balance.changed', environment: 'test', accountNo: '2100000001' }
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder()
        controller.enqueue(encoder.encode(': connected\n\n'))
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\ndata: {"type":"unknown.event"}\n\n`))
      },
    })
    const { fetch, calls } = fakeFetch(() => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }))
    const events: PushEvent[] = []
    const states: string[] = []
    const stop = createHttpTransport({ getToken: () => 'tok', fetch }).subscribe({ onEvent: (e) => events.push(e), onConnectionChange: (s) => states.push(s) })
    await expect.poll(() => events.length).toBe(1)
    stop()
    expect(events).toEqual([event])
    expect(states.slice(0, 2)).toEqual(['connecting', 'connected'])
    expect(calls[0]!.url).toBe('/console/events')
    expect(calls[0]!.init.headers).toMatchObject({ Authorization: 'Bearer tok' })
  })
})
