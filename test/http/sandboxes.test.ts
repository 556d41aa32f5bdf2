import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebhookTransport } from '../../electron/service'
import { schemaTables } from '../../electron/service/db/table-catalogue'
import { startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { ALL_TIME, bearer, chargeBody, consoleAuth, errorOf } from './helpers'

/** POST/DELETE /console/sandboxes: one organization per parallel test worker. */
const sent: { url: string; body: string }[] = []
const recorder: WebhookTransport = async (request) => {
  sent.push({ url: request.url, body: request.body })
  return { status: 200, bodyPrefix: 'ok' }
}
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ webhookTransport: recorder })
})
afterAll(() => server.close())

async function createSandbox(body: Record<string, unknown> = {}) {
  const response = await server.request('POST', '/console/sandboxes', { headers: consoleAuth(), body })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body.data
}

/** Rows per table that belong to an organization: directly, or through the row they reference. */
function rowsOf(organizationId: string): Record<string, number> {
  const db = server.service.internals.store.db
  const counts: Record<string, number> = {}
  for (const table of schemaTables(db)) {
    const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name)
    if (table === 'organizations') counts[table] = (db.prepare('SELECT COUNT(*) AS n FROM organizations WHERE id = ?').get(organizationId) as { n: number }).n
    else if (columns.includes('organization_id')) counts[table] = (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE organization_id = ?`).get(organizationId) as { n: number }).n
  }
  const through = (sql: string) => (db.prepare(sql).get(organizationId) as { n: number }).n
  counts['ledger_postings'] = through('SELECT COUNT(*) AS n FROM ledger_postings p JOIN transactions t ON t.id = p.transaction_id WHERE t.organization_id = ?')
  counts['transaction_events'] = through('SELECT COUNT(*) AS n FROM transaction_events e JOIN transactions t ON t.id = e.transaction_id WHERE t.organization_id = ?')
  counts['webhook_deliveries'] = through('SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE e.organization_id = ?')
  counts['webhook_attempts'] = through('SELECT COUNT(*) AS n FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id JOIN webhook_events e ON e.id = d.event_id WHERE e.organization_id = ?')
  return counts
}

describe('POST /console/sandboxes', () => {
  it('creates an organization with its own keys, accounts with opening floats, webhook secrets and shortcode', async () => {
    const sandbox = await createSandbox({ name: 'Worker 1' })
    expect(sandbox).toMatchObject({ name: 'Worker 1', enterprise: true, testKey: expect.stringMatching(/^sk_test_/), liveKey: expect.stringMatching(/^sk_live_/) })
    expect(sandbox.id).toMatch(/^org_/)
    expect(sandbox.webhookSecrets.test).toMatch(/^whsec_/)
    expect(sandbox.webhookSecrets.live).toMatch(/^whsec_/)
    expect(sandbox.webhookSecrets.test).not.toBe(sandbox.webhookSecrets.live)
    expect(sandbox.shortcodes).toHaveLength(1)
    expect(sandbox.shortcodes[0]).not.toBe('600100')
    for (const env of ['test', 'live'] as const) {
      const payouts = sandbox.accounts[env].filter((a: { type: string }) => a.type === 'payouts')
      expect(payouts.length).toBe(2) // default scope + shortcode scope
      expect(payouts.every((a: { available: number }) => a.available === 50_000_000)).toBe(true)
      expect(sandbox.accounts[env].some((a: { type: string; default: boolean }) => a.type === 'collections' && a.default)).toBe(true)
    }
    // Its keys work, and show exactly the accounts the answer listed.
    const listed = await server.request('GET', '/v1/accounts', { headers: bearer(sandbox.testKey) })
    expect(listed.status).toBe(200)
    expect(listed.body.data.items).toEqual(sandbox.accounts.test)
    const live = await server.request('GET', '/v1/accounts', { headers: bearer(sandbox.liveKey) })
    expect(live.body.data.items).toEqual(sandbox.accounts.live)
  })

  it('names sandboxes by default, gives each its own shortcode, and a non-enterprise one gets none', async () => {
    const a = await createSandbox()
    const b = await createSandbox()
    expect(a.name).toMatch(/^Sandbox \d+$/)
    expect(b.name).not.toBe(a.name)
    expect(a.shortcodes[0]).not.toBe(b.shortcodes[0])
    const plain = await createSandbox({ enterprise: false })
    expect(plain).toMatchObject({ enterprise: false, shortcodes: [] })
    const enterpriseField = await server.request('POST', '/v1/mobile/charge', { headers: bearer(plain.testKey), body: chargeBody({ shortcode: a.shortcodes[0] }) })
    expect(enterpriseField.status).toBe(403)
  })

  it('refuses bad input in the envelope and needs the console token', async () => {
    const unknown = await server.request('POST', '/console/sandboxes', { headers: consoleAuth(), body: { name: 'x', color: 'red' } })
    expect(unknown.status).toBe(400)
    expect(errorOf(unknown.body)).toMatchObject({ code: 'invalid_parameter', param: 'color' })
    const empty = await server.request('POST', '/console/sandboxes', { headers: consoleAuth(), body: { name: '  ' } })
    expect(empty.status).toBe(400)
    const withKey = await server.request('POST', '/console/sandboxes', { body: {} })
    expect(withKey.status).toBe(403)
  })
})

describe('DELETE /console/sandboxes/{id}', () => {
  it('removes the organization and every row of its data, leaving the others and the ledger intact', async () => {
    const keep = await createSandbox({ name: 'Keeper' })
    const doomed = await createSandbox({ name: 'Doomed' })
    for (const sandbox of [keep, doomed]) {
      for (const key of [sandbox.testKey, sandbox.liveKey]) {
        const charge = await server.request('POST', '/v1/mobile/charge', {
          headers: { ...bearer(key), 'idempotency-key': crypto.randomUUID() },
          body: chargeBody({ webhookUrl: 'http://127.0.0.1:9/hook' }),
        })
        expect(charge.status).toBe(202)
      }
    }
    server.clock.advance(60_000)
    await server.service.tick()
    const before = rowsOf(doomed.id)
    for (const table of ['transactions', 'ledger_postings', 'transaction_events', 'webhook_events', 'webhook_deliveries', 'webhook_attempts', 'idempotency_keys', 'api_keys', 'accounts', 'shortcodes', 'webhook_endpoints']) {
      expect(before[table], table).toBeGreaterThan(0)
    }
    const keptTransactions = await server.request('GET', `/v1/transactions?${ALL_TIME}`, { headers: bearer(keep.testKey) })
    await server.service.tick() // that request's log entry is written (else the next batch would write it, below)
    const keptBefore = rowsOf(keep.id)

    const deleted = await server.request('DELETE', `/console/sandboxes/${doomed.id}`, { headers: consoleAuth() })
    expect(deleted.status).toBe(200)
    expect(deleted.body.data).toEqual({ id: doomed.id, deleted: true })
    expect(Object.values(rowsOf(doomed.id)).every((n) => n === 0), JSON.stringify(rowsOf(doomed.id))).toBe(true)
    expect(rowsOf(keep.id)).toEqual(keptBefore)
    // Timelines and postings are deleted along their chains (migrations 013-014; no foreign key checks it): none is left behind.
    const { db } = server.service.internals.store
    for (const table of ['transaction_events', 'ledger_postings']) {
      expect(db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE transaction_id NOT IN (SELECT id FROM transactions)`).get(), table).toEqual({ n: 0 })
    }
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
    expect((await server.request('GET', `/v1/transactions?${ALL_TIME}`, { headers: bearer(keep.testKey) })).body).toEqual(keptTransactions.body)
    // Its keys are gone with it; a second delete is a 404.
    expect((await server.request('GET', '/v1/accounts', { headers: bearer(doomed.testKey) })).status).toBe(401)
    const again = await server.request('DELETE', `/console/sandboxes/${doomed.id}`, { headers: consoleAuth() })
    expect(again.status).toBe(404)
    expect(errorOf(again.body).param).toBe('organizationId')
  })

  it('deletes a sandbox whose webhook deliveries are pending or in flight; the dispatcher carries on with the others', async () => {
    const keep = await createSandbox()
    const doomed = await createSandbox()
    sent.length = 0
    for (const sandbox of [keep, doomed]) {
      await server.request('POST', '/v1/mobile/charge', { headers: bearer(sandbox.testKey), body: chargeBody({ webhookUrl: `http://127.0.0.1:9/${sandbox.id}` }) })
    }
    server.clock.advance(5_000)
    server.service.tick() // attempts start (in flight) ...
    expect((await server.request('DELETE', `/console/sandboxes/${doomed.id}`, { headers: consoleAuth() })).status).toBe(200)
    server.clock.advance(60_000)
    await server.service.tick()
    expect(sent.some((s) => s.url.endsWith(keep.id))).toBe(true)
    expect(Object.values(rowsOf(doomed.id)).every((n) => n === 0)).toBe(true)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })

  it('refuses the demo organization and unknown ids', async () => {
    const info = await server.request('GET', '/console/info', { headers: consoleAuth() })
    const demo = await server.request('DELETE', `/console/sandboxes/${info.body.data.organization.id}`, { headers: consoleAuth() })
    expect(demo.status).toBe(400)
    expect(errorOf(demo.body)).toMatchObject({ code: 'invalid_parameter', param: 'organizationId' })
    expect((await server.request('DELETE', '/console/sandboxes/org_nope', { headers: consoleAuth() })).status).toBe(404)
  })
})

describe('parallel test workers, one sandbox each', () => {
  it('each worker charges in its own sandbox, sees only its own data and its own webhooks, then deletes it', async () => {
    sent.length = 0
    const workers = Array.from({ length: 6 }, (_, index) => index)
    const results = await Promise.all(
      workers.map(async (index) => {
        const sandbox = await createSandbox({ name: `worker-${index}` })
        const hook = `http://127.0.0.1:9/worker-${index}`
        const ids: string[] = []
        for (let i = 0; i < 5; i++) {
          const charge = await server.request('POST', '/v1/mobile/charge', { headers: bearer(sandbox.testKey), body: chargeBody({ webhookUrl: hook, amount: 1_000 * (index + 1) }) })
          expect(charge.status).toBe(202)
          ids.push(charge.body.data.transactionId)
        }
        return { index, sandbox, ids }
      }),
    )
    server.clock.advance(60_000)
    await server.service.tick()
    for (const { index, sandbox, ids } of results) {
      const list = await server.request('GET', `/v1/transactions?${ALL_TIME}`, { headers: bearer(sandbox.testKey) })
      const charges = list.body.data.items.filter((t: { type: string }) => t.type === 'charge')
      expect(charges.map((t: { publicId: string }) => t.publicId).sort()).toEqual([...ids].sort())
      expect(charges.every((t: { amount: number; status: string }) => t.amount === 1_000 * (index + 1) && t.status !== 'pending')).toBe(true)
      // Besides its charges, only its own two opening floats (test: default and shortcode payouts accounts).
      expect(list.body.data.items.length).toBe(ids.length + 2)
      const mine = sent.filter((s) => s.url.endsWith(`/worker-${index}`))
      expect(mine.length).toBeGreaterThanOrEqual(5)
      expect(mine.every((s) => ids.some((id) => s.body.includes(id)))).toBe(true)
    }
    await Promise.all(results.map(({ sandbox }) => server.request('DELETE', `/console/sandboxes/${sandbox.id}`, { headers: consoleAuth() })))
    for (const { sandbox } of results) expect(Object.values(rowsOf(sandbox.id)).every((n) => n === 0)).toBe(true)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })
})
