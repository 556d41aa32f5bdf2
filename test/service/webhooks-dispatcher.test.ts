import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isErrorEnvelope } from '../../shared/api/envelope'
import type { RouteData, RouteId } from '../../shared/api/routes'
import { MIGRATIONS } from '../../electron/service/db/migrations'
import type { CallInput, PaydeskService, ServiceOptions, WebhookTransport } from '../../electron/service'
import { DUE_OF_ORIGIN_SQL } from '../../electron/service/db/webhooks-repo'
import { DEFAULT_LIMITS } from '../../electron/service/webhooks/dispatcher'
import { enqueueTestEvent } from '../../electron/service/outbox/outbox'
import { runUnit } from '../../electron/service/core/unit'
import { CONSOLE_TOKEN, fakeClock, testService, type TestService } from '../support/harness'
import { queryPlan } from '../support/query-plan'
import { rewindToVersion1 } from '../support/schema-rewind'

/**
 * How the dispatcher finds work: per endpoint (origin) through an index, so a backlog costs a seek and not
 * a scan; endpoints that appear later are noticed; a retry due in the future is never forgotten; a restart
 * (even on a database written before deliveries had an origin) resumes what was pending.
 */
const SECOND = 1_000

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function setup(options: Partial<ServiceOptions> = {}) {
  const clock = fakeClock(Date.now())
  const { service } = testService({ now: clock.now, ...options })
  cleanups.push(() => service.close())
  return { service, clock }
}

function consoleCall<Id extends RouteId>(service: PaydeskService, id: Id, input: CallInput = {}): RouteData<Id> {
  const response = service.call(id, input, { bearer: CONSOLE_TOKEN })
  if (isErrorEnvelope(response.body)) throw new Error(`${id} answered ${response.status}: ${JSON.stringify(response.body.error)}`)
  return response.body.data as RouteData<Id>
}

const sendTestEvent = (service: PaydeskService, url: string) => consoleCall(service, 'console.webhooks.test', { body: { url } }).id

function deliveryOf(service: PaydeskService, eventId: string) {
  const deliveries = consoleCall(service, 'console.webhooks.events.get', { params: { eventId } }).deliveries
  expect(deliveries).toHaveLength(1)
  return deliveries[0]!
}

/** Many test events in one SQLite transaction (quicker than one console call each). */
function enqueueMany(service: TestService, url: string, count: number): string[] {
  const { engine } = service.internals
  const scope = { organizationId: service.startup.demoOrganizationId, environment: 'test' as const }
  return runUnit(engine, engine.now(), (unit) => Array.from({ length: count }, () => enqueueTestEvent(unit, scope, url)))
}

/** Answers by host: a list of statuses taken in turn (the last one repeats), 200 by default. */
function scriptedTransport(script: Record<string, number[]> = {}) {
  const sent: { host: string; eventId: string }[] = []
  const transport: WebhookTransport = async (request) => {
    const host = new URL(request.url).host
    const index = sent.filter((s) => s.host === host).length
    sent.push({ host, eventId: request.headers['webhook-id']! })
    const statuses = script[host] ?? [200]
    return { status: statuses[Math.min(index, statuses.length - 1)]!, bodyPrefix: '' }
  }
  return { transport, sent, sentTo: (host: string) => sent.filter((s) => s.host === host).length }
}

describe('webhook dispatcher: claiming per endpoint', () => {
  it('a backlog of 5,000 deliveries to a hanging endpoint: a healthy endpoint is served at once, and no claim reads the backlog', async () => {
    const hung: string[] = []
    const transport: WebhookTransport = (request) => {
      if (new URL(request.url).host !== 'hang.example') return Promise.resolve({ status: 200, bodyPrefix: '' })
      hung.push(request.headers['webhook-id']!)
      // Hangs until the service closes (the real transport gives up after its timeout).
      return new Promise((_, reject) => request.signal?.addEventListener('abort', () => reject(new Error('cancelled')), { once: true }))
    }
    const { service } = setup({ webhookTransport: transport })
    const webhooks = service.internals.store.webhooks
    // One delivery done first: the dispatcher has loaded its endpoints and remembers that row, so the
    // backlog below arrives as new rows it must notice.
    sendTestEvent(service, 'https://healthy.example/hook')
    await service.tick()
    const backlog = enqueueMany(service, 'https://hang.example/hook', 5_000)

    // Count the rows every dispatcher query returns from now on.
    const rowsRead: Record<string, number[]> = { due: [], discovered: [] }
    const due = webhooks.dueDeliveriesOfOrigin.bind(webhooks)
    const fromRowid = webhooks.deliveriesFromRowid.bind(webhooks)
    vi.spyOn(webhooks, 'dueDeliveriesOfOrigin').mockImplementation((...args) => {
      const ids = due(...args)
      rowsRead['due']!.push(ids.length)
      return ids
    })
    vi.spyOn(webhooks, 'deliveriesFromRowid').mockImplementation((rowid) => {
      const rows = fromRowid(rowid)
      rowsRead['discovered']!.push(rows.length)
      return rows
    })

    void service.tick() // takes the hanging endpoint's slots; resolves only when the service closes
    expect(hung).toEqual(backlog.slice(0, DEFAULT_LIMITS.maxPerEndpoint)) // oldest first
    // Noticing 5,000 new rows reads each once (plus the sentinel row), and the claim reads only what it starts.
    expect(rowsRead['discovered']).toEqual([5_001])
    expect(rowsRead['due']).toEqual([DEFAULT_LIMITS.maxPerEndpoint])

    rowsRead['due'] = []
    rowsRead['discovered'] = []
    for (let i = 0; i < 20; i++) {
      const healthy = sendTestEvent(service, `https://healthy.example/hook?n=${i}`)
      await service.tick() // resolves as soon as the healthy delivery is done, whatever the hanging one does
      expect(deliveryOf(service, healthy).status).toBe('succeeded')
    }
    // The hanging endpoint kept exactly its slots: nothing more of its backlog was started or read.
    expect(hung).toHaveLength(DEFAULT_LIMITS.maxPerEndpoint)
    expect(Math.max(...rowsRead['due']!)).toBeLessThanOrEqual(1)
    expect(Math.max(...rowsRead['discovered']!)).toBeLessThanOrEqual(2)
    expect(webhooks.pendingOrigins()).toEqual(['https://hang.example'])

    // And the claim itself is an index seek on (origin, next_attempt_at): no scan, no sort.
    expect(queryPlan(service.internals.store.db, DUE_OF_ORIGIN_SQL, ['https://hang.example', Date.now(), 8])).toEqual(['SEARCH webhook_deliveries USING INDEX webhook_deliveries_origin_due (origin=? AND next_attempt_at<?)'])
  })

  it('reads what it sends inside the claim\'s transaction; a delivery that cannot be read fails alone and rests', async () => {
    const { transport, sent } = scriptedTransport()
    const { service, clock } = setup({ webhookTransport: transport })
    const { store, engine } = service.internals
    // The live environment loses its signing secret: its delivery cannot be signed.
    store.db.prepare("DELETE FROM webhook_endpoints WHERE organization_id = ? AND environment = 'live'").run(service.startup.demoOrganizationId)
    const live = runUnit(engine, engine.now(), (unit) => enqueueTestEvent(unit, { organizationId: service.startup.demoOrganizationId, environment: 'live' }, 'https://one.example/hook'))
    const [a, b] = enqueueMany(service, 'https://one.example/hook', 2)

    // One WAL read lock per claim, not one per statement: every read of a claim runs in a transaction.
    const inTransaction: boolean[] = []
    for (const name of ['sendableDelivery', 'dueDeliveriesOfOrigin', 'deliveriesFromRowid'] as const) {
      const read = (store.webhooks[name] as (...args: unknown[]) => unknown).bind(store.webhooks)
      vi.spyOn(store.webhooks, name).mockImplementation(((...args: unknown[]) => {
        inTransaction.push(store.db.inTransaction)
        return read(...args)
      }) as never)
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    await service.tick()
    expect(inTransaction.length).toBeGreaterThan(3)
    expect(inTransaction.every(Boolean)).toBe(true)
    expect(sent.map((s) => s.eventId)).toEqual([a, b])
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining(`could not be attempted`)])
    const liveDelivery = () => store.db.prepare('SELECT status, attempt_count FROM webhook_deliveries WHERE event_id = ?').get(live)
    expect(liveDelivery()).toEqual({ status: 'pending', attempt_count: 0 })

    // Its endpoint rests a second (simulated), then the delivery goes once it can be signed.
    store.db.prepare("INSERT INTO webhook_endpoints (organization_id, environment, secret) VALUES (?, 'live', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')").run(service.startup.demoOrganizationId)
    await service.tick()
    expect(sent).toHaveLength(2)
    clock.advance(SECOND)
    await service.tick()
    expect(sent.map((s) => s.eventId)).toEqual([a, b, live])
    expect(liveDelivery()).toEqual({ status: 'succeeded', attempt_count: 1 })
  })

  it('notices endpoints that appear later, and never forgets a retry due in the future', async () => {
    const { transport, sent, sentTo } = scriptedTransport({ 'a.example': [500, 200] })
    const { service, clock } = setup({ webhookTransport: transport })
    await service.tick() // nothing pending yet

    const a = sendTestEvent(service, 'https://a.example/hook')
    await service.tick()
    expect(deliveryOf(service, a)).toMatchObject({ status: 'pending', attemptCount: 1, nextAttemptAt: clock.now() + SECOND })

    // Other endpoints come and go while a's retry waits; a is not sent early.
    for (const host of ['b.example', 'c.example']) {
      const id = sendTestEvent(service, `https://${host}/hook`)
      await service.tick()
      expect(deliveryOf(service, id).status).toBe('succeeded')
    }
    clock.advance(SECOND - 1)
    await service.tick()
    expect(sentTo('a.example')).toBe(1)

    clock.advance(1)
    await service.tick()
    expect(deliveryOf(service, a)).toMatchObject({ status: 'succeeded', attemptCount: 2 })
    expect(sent.filter((s) => s.host === 'a.example').map((s) => s.eventId)).toEqual([a, a])

    // An endpoint whose deliveries were all done is noticed again when a new one arrives.
    const again = sendTestEvent(service, 'https://a.example/other')
    await service.tick()
    expect(deliveryOf(service, again).status).toBe('succeeded')
  })

  it('after a sandbox reset erased deliveries and SQLite reuses their rowids, a new endpoint is still noticed', async () => {
    const { transport, sentTo } = scriptedTransport()
    const { service } = setup({ webhookTransport: transport })
    const db = service.internals.store.db
    enqueueMany(service, 'https://before.example/hook', 3)
    await service.tick()
    expect(sentTo('before.example')).toBe(3)
    const lastRowid = (db.prepare('SELECT MAX(rowid) AS n FROM webhook_deliveries').get() as { n: number }).n

    consoleCall(service, 'console.simulator.reset')
    const after = sendTestEvent(service, 'https://after.example/hook')
    // The premise: the new delivery took a rowid the dispatcher has already seen.
    expect((db.prepare('SELECT rowid AS n FROM webhook_deliveries').get() as { n: number }).n).toBeLessThanOrEqual(lastRowid)
    await service.tick()
    expect(deliveryOf(service, after).status).toBe('succeeded')
  })
})

describe('webhook dispatcher: restart', () => {
  it('resumes pending deliveries after a restart, also on a database written before deliveries had an origin (migration 002)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-dispatcher-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const dbPath = join(dir, 'paydesk.db')

    const first = setup({ dbPath, webhookTransport: scriptedTransport({ 'retry.example': [503] }).transport })
    const retried = sendTestEvent(first.service, 'https://retry.example/hook')
    await first.service.tick() // fails once: its retry is due 1 s later
    const waiting = [...enqueueMany(first.service, 'https://one.example/a', 10), ...enqueueMany(first.service, 'http://two.example:8080/b', 10)]
    const dueAt = deliveryOf(first.service, retried).nextAttemptAt!
    first.service.close()

    // Turn the file into what version 1 of the schema wrote: no origin column (migration 002), the old index.
    const old = new Database(dbPath)
    rewindToVersion1(old)
    old.close()

    const { transport, sent } = scriptedTransport()
    const second = setup({ dbPath, webhookTransport: transport })
    const db = second.service.internals.store.db
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version)
    expect(db.prepare('SELECT DISTINCT origin FROM webhook_deliveries ORDER BY origin').all()).toEqual([
      { origin: 'http://two.example:8080' }, { origin: 'https://one.example' }, { origin: 'https://retry.example' },
    ])
    second.clock.set(dueAt - 1)
    await second.service.tick()
    expect(sent.map((s) => s.eventId).sort()).toEqual([...waiting].sort())
    second.clock.set(dueAt)
    await second.service.tick()
    expect(deliveryOf(second.service, retried)).toMatchObject({ status: 'succeeded', attemptCount: 2 })
    expect(sent).toHaveLength(21)
  })
})
