import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateOpenApi } from '../../shared/api/openapi'
import { ROUTES } from '../../shared/api/routes'
import { CONSOLE_TOKEN, TEST_KEY, ref, startTestServer, type TestServer } from '../support/harness'

/** `console.events`, the stream route: over HTTP server-sent events; through service.call its acceptance. */
describe('the console event stream is a route', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('is in the route table as a console stream route and in OpenAPI as text/event-stream of push events', () => {
    expect(ROUTES['console.events']).toMatchObject({ method: 'GET', path: '/console/events', surface: 'console' })
    expect('stream' in ROUTES['console.events']).toBe(true)
    const document = generateOpenApi() as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { 'x-item-schema'?: { oneOf?: unknown[]; anyOf?: unknown[] } }> }> }>> }
    const content = document.paths['/console/events']!['get']!.responses['200']!.content
    expect(Object.keys(content)).toEqual(['text/event-stream'])
    const item = content['text/event-stream']!['x-item-schema']!
    expect(JSON.stringify(item)).toContain('transaction.changed')
  })

  it('over HTTP: the console token opens a text/event-stream that carries push events as data: lines', async () => {
    const controller = new AbortController()
    const response = await fetch(`${server.url}/console/events`, { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` }, signal: controller.signal })
    try {
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/event-stream')
      const reader = response.body!.getReader()
      const decoder = new TextDecoder()
      let text = decoder.decode((await reader.read()).value)
      expect(text).toContain(': connected')
      const charge = await server.request('POST', '/v1/mobile/charge', { body: { phoneNumber: '0712345678', amount: 1_000, merchantTransactionId: ref('sse') } })
      expect(charge.status).toBe(202)
      const id = charge.body.data.transactionId as string
      while (!text.includes(id)) text += decoder.decode((await reader.read()).value)
      const line = text.split('\n').find((l) => l.startsWith('data: ') && l.includes(id))!
      expect(JSON.parse(line.slice('data: '.length))).toMatchObject({ type: 'transaction.changed', environment: 'test', transactionId: id })
    } finally {
      controller.abort()
    }
  })

  it('refusals come in the envelope from the dispatcher, like any console route', async () => {
    const withKey = await server.request('GET', '/console/events', { headers: { authorization: `Bearer ${TEST_KEY}` } })
    expect(withKey.status).toBe(403)
    expect(withKey.headers.get('content-type')).toMatch(/application\/json/)
    expect(withKey.body.error).toMatchObject({ code: 'forbidden' })
    expect((await server.request('POST', '/console/events', { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` } })).status).toBe(405)
  })

  it('through service.call (and IPC) the route answers its acceptance; IPC keeps its push channel for the events', () => {
    const accepted = server.service.call('console.events', {}, { trustedConsole: true })
    expect(accepted.status).toBe(200)
    if (!('data' in accepted.body)) throw new Error('expected a success')
    expect(accepted.body.data.heartbeatMs).toBeGreaterThan(0)
  })
})
