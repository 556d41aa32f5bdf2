import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PaydeskService } from '../../electron/service'
import { LIVE_KEY, startTestServer, testService, TEST_KEY, type TestService } from '../support/harness'
import { consoleAuth } from './helpers'

/**
 * List pages are cached until anything changes (electron/service/db/page-cache.ts). A cached page must
 * never be served stale: not after a write, not after a status change by the simulator, not after a
 * rollback that took back rows a page had already seen inside its batch.
 */

const bearer = { bearer: TEST_KEY }
const query = { startDate: '2026-11-01', endDate: '2026-11-30', limit: '20' }
const chargeInput = (reference: string) => ({ body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference } })

type Page = { items: { merchantTransactionId: string | null; status: string }[]; count: number }
function page(service: PaydeskService): Page {
  const response = service.call('transactions.list', { query }, bearer)
  expect(response.status).toBe(200)
  return (response.body as { data: Page }).data
}
const references = (service: PaydeskService) => page(service).items.map((item) => item.merchantTransactionId)

describe('cached list pages are never stale', () => {
  let service: TestService
  let clock: ReturnType<typeof testService>['clock']
  beforeEach(() => {
    ;({ service, clock } = testService())
  })
  afterEach(() => service.close())

  it('serves the same page again only while nothing changed; a new charge and a finalization show at once', async () => {
    const first = page(service)
    expect(page(service)).toEqual(first)
    const charge = service.call('mobile.charge', chargeInput('cache-1'), bearer)
    expect(charge.status).toBe(202)
    const after = page(service)
    expect(after.items[0]).toMatchObject({ merchantTransactionId: 'cache-1', status: 'pending' })
    expect(after.count).toBe(Math.min(first.count + 1, 20))
    // The simulator finalizes the charge in its own unit: the cached page must not keep "pending".
    for (let i = 0; i < 100 && page(service).items[0]!.status === 'pending'; i++) {
      clock.advance(1_000)
      await service.tick()
    }
    expect(page(service).items[0]).toMatchObject({ merchantTransactionId: 'cache-1' })
    expect(page(service).items[0]!.status).not.toBe('pending')
    expect(page(service)).toEqual(page(service))
  })

  it('forgets a page that saw rows of a batch whose COMMIT then failed', async () => {
    const db = service.internals.store.db
    const before = references(service)
    // The batch's COMMIT fails on a deferred foreign key this charge's INSERT leaves (as in group-commit.test.ts).
    db.exec(`
      CREATE TABLE poison_marks (transaction_id INTEGER REFERENCES transactions(id) DEFERRABLE INITIALLY DEFERRED);
      CREATE TRIGGER poison_commit AFTER INSERT ON transactions WHEN NEW.merchant_transaction_id = 'cache-ghost'
      BEGIN INSERT INTO poison_marks VALUES (-1); END`)
    // One turn, one batch: the charge, then a list that reads it before the COMMIT.
    const [charge, list] = await Promise.all([
      service.submit('mobile.charge', chargeInput('cache-ghost'), bearer),
      service.submit('transactions.list', { query }, bearer),
    ])
    expect([charge.status, list.status]).toEqual([500, 500])
    // Dropping the trigger and table changes no row: no counter moves; only the rollback can tell the cache.
    db.exec('DROP TRIGGER poison_commit; DROP TABLE poison_marks')
    expect(references(service)).toEqual(before)
    expect(references(service)).not.toContain('cache-ghost')
  })

  it('keeps a page from its second ask: a query asked once leaves nothing behind (memory under searches that never repeat)', async () => {
    // `submit` answers raw JSON as the adapters get it: the same object again means the page was kept.
    const answer = async (q: Record<string, string>) => {
      const response = await service.submit('transactions.list', { query: q }, bearer)
      expect(response.status).toBe(200)
      return (response.body as { data: unknown }).data
    }
    const once = await answer(query)
    const twice = await answer(query)
    expect(twice).not.toBe(once) // asked once: built, answered, not kept
    expect(twice).toEqual(once)
    expect(await answer(query)).toBe(twice) // kept from the second ask
    // Other queries asked once each do not push it out, nor are they kept themselves.
    const others = Array.from({ length: 40 }, (_, day) => ({ ...query, endDate: `2026-12-${String(1 + (day % 28)).padStart(2, '0')}`, limit: String(1 + day) }))
    const firsts: unknown[] = []
    for (const other of others) firsts.push(await answer(other))
    expect(await answer(query)).toBe(twice)
    expect(await answer(others[0]!)).not.toBe(firsts[0])
  })

  it('keeps pages of other organizations, environments and filters apart', () => {
    expect(service.call('mobile.charge', chargeInput('cache-test'), bearer).status).toBe(202)
    const charges = service.call('transactions.list', { query: { ...query, type: 'charge' } }, bearer).body as { data: Page }
    const payouts = service.call('transactions.list', { query: { ...query, type: 'transfer' } }, bearer).body as { data: Page }
    expect(charges.data.items.map((item) => item.merchantTransactionId)).toContain('cache-test')
    expect(payouts.data.items.map((item) => item.merchantTransactionId)).not.toContain('cache-test')
    const live = service.call('transactions.list', { query }, { bearer: LIVE_KEY })
    expect(live.status).toBe(200)
    expect((live.body as { data: Page }).data.items.map((item) => item.merchantTransactionId)).not.toContain('cache-test')
  })
})

describe('a cached page over HTTP', () => {
  it('sends the same bytes again while nothing changed, the new page after a change, and each query its own dates', async () => {
    const server = await startTestServer()
    try {
      const get = async (start: string, end: string) => {
        const response = await fetch(`${server.url}/v1/transactions?startDate=${start}&endDate=${end}&limit=20`, { headers: { authorization: `Bearer ${TEST_KEY}` } })
        expect(response.status).toBe(200)
        const text = await response.text()
        expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text))
        return text
      }
      expect((await server.request('POST', '/v1/mobile/charge', chargeInput('http-1'))).status).toBe(202)
      const first = await get('2026-11-01', '2026-11-30')
      // The answer's bytes are kept with the cached page (http/json-body.ts): the same text, and what the engine answers.
      expect(await get('2026-11-01', '2026-11-30')).toBe(first)
      const inProcess = server.service.call('transactions.list', { query }, bearer)
      expect(JSON.parse(first)).toEqual(inProcess.body)
      expect((await server.request('POST', '/v1/mobile/charge', chargeInput('http-2'))).status).toBe(202)
      const after = JSON.parse(await get('2026-11-01', '2026-11-30')) as { data: Page & { startDate: string } }
      expect(after.data.items.map((item) => item.merchantTransactionId).slice(0, 2)).toEqual(['http-2', 'http-1'])
      // The same bounds spelled otherwise read the same cached page, but answer the dates as asked.
      const spelled = JSON.parse(await get('2026-11-01T00:00:00Z', '2026-11-30')) as { data: Page & { startDate: string } }
      expect(spelled.data).toEqual({ ...after.data, startDate: '2026-11-01T00:00:00Z' })
      expect(JSON.parse(await get('2026-11-01', '2026-11-30')).data).toEqual(after.data)
    } finally {
      await server.close()
    }
  })
})

describe('the request log and cached pages', () => {
  it('keeps a cached page while only the request log is written (each batch writes it first), and still drops it on a charge', async () => {
    const server = await startTestServer()
    try {
      // A small bound, so the log also drops its oldest rows while the page is cached (set first: a settings write invalidates).
      const bound = await server.request('PUT', '/console/developer-settings', { body: { requestLogLimit: 10 }, headers: consoleAuth() })
      expect(bound.status).toBe(200)
      expect((await server.request('POST', '/v1/mobile/charge', chargeInput('log-1'))).status).toBe(202)
      // `submit` answers raw JSON as the adapters get it: the same object again means the page came from the cache.
      const list = async () => {
        const response = await server.service.submit('transactions.list', { query }, bearer)
        expect(response.status).toBe(200)
        return (response.body as { data: unknown }).data
      }
      await list()
      const kept = await list() // kept from the second ask
      // Logged requests: each one's row is written at the start of the next batch (the last one's by the list's own).
      for (let i = 0; i < 15; i++) expect((await server.request('GET', '/v1/accounts')).status).toBe(200)
      expect(await list()).toBe(kept)
      const log = await server.request('GET', '/console/requests?limit=50', { headers: consoleAuth() })
      expect(log.status).toBe(200)
      const paths = (log.body.data.items as { path: string }[]).map((item) => item.path)
      expect(paths).toContain('/v1/accounts')
      // The bound held: the oldest rows were dropped while the page stayed cached.
      expect(paths.length).toBeLessThanOrEqual(11)
      expect(await list()).toBe(kept)
      // Any other write still invalidates: a new charge is on the next page at once.
      expect((await server.request('POST', '/v1/mobile/charge', chargeInput('log-2'))).status).toBe(202)
      expect(await list()).not.toBe(kept)
      const page = await server.request('GET', `/v1/transactions?startDate=${query.startDate}&endDate=${query.endDate}&limit=${query.limit}`)
      expect((page.body.data as Page).items.map((item) => item.merchantTransactionId).slice(0, 2)).toEqual(['log-2', 'log-1'])
    } finally {
      await server.close()
    }
  })
})
