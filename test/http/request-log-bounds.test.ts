import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseLoggedBody } from '../../shared/logged-body'
import { startTestServer, type TestServer } from '../support/harness'
import { bearer, chargeBody, consoleAuth } from './helpers'

/**
 * The request log is bounded in bytes as well as rows, and a request sent without a known key (none, or a
 * made-up one: anyone local can send those) keeps only 4 KiB of its body. Read back through the console
 * routes, as QA's scripts would.
 */
let server: TestServer
beforeEach(async () => {
  server = await startTestServer()
})
afterEach(() => server.close())

interface Detail {
  requestId: string; path: string; query: string; requestHeaders: Record<string, string>; requestBody: string | null
  responseHeaders: Record<string, string>; responseBody: string | null
}

/** A charge refused for its 100 KB narration (400): its body is logged, up to the limit that applies. */
async function bigRequest(headers: Record<string, string> = {}): Promise<string> {
  const response = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ narration: 'n'.repeat(100_000) }), headers })
  expect([400, 401]).toContain(response.status)
  return response.headers.get('x-request-id')!
}

async function detail(requestId: string): Promise<Detail> {
  const response = await server.request('GET', `/console/requests/${requestId}`, { headers: consoleAuth('test') })
  expect(response.status).toBe(200)
  return response.body.data
}

/** What a row keeps, in UTF-8 bytes: the same sum the bound is kept on (path, query, headers, bodies). */
function keptBytes(entry: Detail): number {
  const texts = [entry.path, entry.query, JSON.stringify(entry.requestHeaders), entry.requestBody, JSON.stringify(entry.responseHeaders), entry.responseBody]
  return texts.reduce((sum, text) => sum + (text === null ? 0 : Buffer.byteLength(text)), 0)
}

async function allEntries(): Promise<string[]> {
  const page = await server.request('GET', '/console/requests?limit=200', { headers: consoleAuth('test') })
  expect(page.status).toBe(200)
  return (page.body.data.items as { requestId: string }[]).map((item) => item.requestId)
}

describe('the request log keeps little of a request without a known key', () => {
  it('keeps 4 KiB of the body of a request with a made-up key or none, 64 KiB with a real key (revoked too)', async () => {
    const madeUp = await detail(await bigRequest(bearer('sk_test_madeUpKey0000000000000000')))
    const none = await detail(await bigRequest({ authorization: '' }))
    const known = await detail(await bigRequest())
    const created = await server.request('POST', '/console/keys', { headers: consoleAuth('test'), body: { label: 'to revoke' } })
    await server.request('POST', `/console/keys/${created.body.data.id}/revoke`, { headers: consoleAuth('test') })
    const revoked = await detail(await bigRequest(bearer(created.body.data.key)))
    for (const anonymous of [madeUp, none]) {
      expect(parseLoggedBody(anonymous.requestBody!).cut).toEqual({ keptKiB: 4, totalBytes: expect.any(Number) })
      expect(Buffer.byteLength(parseLoggedBody(anonymous.requestBody!).kept)).toBeLessThanOrEqual(4 * 1024)
    }
    expect(parseLoggedBody(known.requestBody!).cut?.keptKiB).toBe(64)
    expect(parseLoggedBody(revoked.requestBody!).cut?.keptKiB).toBe(64)
  })
})

describe('the request log is bounded in bytes', () => {
  it('has a default byte bound, settable from 1 MiB, like the row bound', async () => {
    const settings = await server.request('GET', '/console/developer-settings', { headers: consoleAuth('test') })
    expect(settings.body.data).toMatchObject({ requestLogLimit: 50_000, requestLogMaxBytes: 128 * 1024 * 1024 })
    const tooSmall = await server.request('PUT', '/console/developer-settings', { headers: consoleAuth('test'), body: { requestLogMaxBytes: 1_000 } })
    expect(tooSmall.status).toBe(400)
    expect(tooSmall.body.error).toMatchObject({ code: 'invalid_parameter', param: 'requestLogMaxBytes' })
  })

  it('drops the oldest requests once it holds more than its byte bound, keeping the newest', { timeout: 60_000 }, async () => {
    const maxBytes = 1024 * 1024
    const set = await server.request('PUT', '/console/developer-settings', { headers: consoleAuth('test'), body: { requestLogMaxBytes: maxBytes } })
    expect(set.status).toBe(200)
    expect(set.body.data.requestLogMaxBytes).toBe(maxBytes)
    const sent: string[] = []
    for (let i = 0; i < 40; i++) sent.push(await bigRequest())
    const kept = await allEntries()
    const details = await Promise.all(kept.map(detail))
    const total = details.reduce((sum, entry) => sum + keptBytes(entry), 0)
    // Within the bound (plus the 1% it may run over between trims), and those kept are the newest, in order.
    expect(total).toBeLessThanOrEqual(maxBytes * 1.01)
    expect(kept.length).toBeLessThan(sent.length)
    expect(kept).toEqual(sent.slice(-kept.length).reverse())
    // Only as many were dropped as the bound asked: one more of the older ones would not have fit.
    const oneRow = keptBytes(details[0]!)
    expect(total + oneRow).toBeGreaterThan(maxBytes)
  })
})
