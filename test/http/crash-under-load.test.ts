import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../electron/service/db/connection'
import { createStore } from '../../electron/service/db/store'
import { killHard, startCli, stopGracefully, type CliHost } from '../support/cli-process'
import { ledgerViolations } from '../support/ledger-invariants'
import { createPaymentLoad, type AcceptedRequest } from '../support/payment-load'
import { startDelayedReceiver } from '../support/delayed-receiver'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

/**
 * The real `paydesk serve` process, under a mixed payment load with webhooks to receivers on 127.0.0.1,
 * is killed with SIGKILL at random moments and restarted on the same database file. Afterwards every
 * accepted request (every 202) exists, reached exactly one final state, had its final webhook event
 * delivered at least once under one event id, and the ledger guarantees hold. CI size: 4 crashes, several
 * hundred transactions (15-30 s); CRASH_ROUNDS and CRASH_PHASE_MS make a longer soak.
 * Requests that die with the host are retried with their Idempotency-Key, as a careful client would.
 */
const API_KEY = 'sk_test_crashload000000000000001'
const CONSOLE_TOKEN = 'pdc_crashload_console_token_001'
const WEBHOOK_SECRET = 'whsec_Y3Jhc2hsb2FkLXNpZ25pbmctc2VjcmV0LTAwMQ=='
const CRASHES = Number(process.env['CRASH_ROUNDS'] ?? 4)
/** Load runs this long (at most) before each kill; the kill lands at a random moment inside it. */
const PHASE_MS = Number(process.env['CRASH_PHASE_MS'] ?? 900)
const FINAL_STATES = ['completed', 'failed', 'rejected']

const folder = mkdtempSync(join(tmpdir(), 'paydesk-crash-load-'))
const cleanups: (() => unknown)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  rmSync(folder, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Moves the host's simulated clock forward (console route); returns the HTTP status. */
async function advanceClock(host: CliHost, ms: number): Promise<number> {
  const response = await fetch(`${host.url}/console/simulator/advance`, {
    method: 'POST', headers: { authorization: `Bearer ${CONSOLE_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ ms }),
  })
  await response.arrayBuffer()
  return response.status
}

/** The event that reports an accepted request's final result, as the database recorded it (DECISIONS "Webhooks"). */
interface ExpectedEvent {
  transactionId: string
  type: string
  eventIds: string[]
}

function expectedEvents(dbPath: string, accepted: AcceptedRequest[]) {
  const db = openDatabase(dbPath)
  try {
    const store = createStore(db)
    const problems: string[] = []
    const events: ExpectedEvent[] = []
    for (const request of accepted) {
      const row = db.prepare('SELECT * FROM transactions WHERE public_id = ?').get(request.transactionId) as
        | { id: number; type: string; status: string; related_id: number | null }
        | undefined
      if (!row) {
        problems.push(`${request.kind} ${request.transactionId} answered 202 but does not exist`)
        continue
      }
      const timeline = db.prepare('SELECT status FROM transaction_events WHERE transaction_id = ?').all(row.id) as { status: string }[]
      const finals = timeline.filter((entry) => FINAL_STATES.includes(entry.status))
      if (finals.length !== 1) problems.push(`${request.kind} ${request.transactionId} has ${finals.length} final timeline entries (${timeline.map((e) => e.status).join(' > ')})`)
      const eventsOf = (transactionRowId: number, type: string, reversalOf?: string) =>
        (db.prepare('SELECT id, payload FROM webhook_events WHERE transaction_id = ? AND type = ?').all(transactionRowId, type) as { id: string; payload: string }[])
          .filter((event) => reversalOf === undefined || (JSON.parse(event.payload) as { data: { reversalId?: string } }).data.reversalId === reversalOf)
          .map((event) => event.id)
      const payout = row.type === 'transfer' || row.type === 'payment' || row.type === 'bank_withdrawal'
      let expected: ExpectedEvent
      if (row.status === 'rejected') expected = { transactionId: request.transactionId, type: 'transaction.creation_failed', eventIds: eventsOf(row.id, 'transaction.creation_failed') }
      else if (row.type === 'reversal' && row.status === 'completed') expected = { transactionId: request.transactionId, type: 'transaction.reversed', eventIds: eventsOf(row.related_id!, 'transaction.reversed', request.transactionId) }
      else if (row.type === 'reversal' || row.type === 'charge') {
        const type = row.status === 'failed' ? 'transaction.failed' : 'transaction.succeeded'
        expected = { transactionId: request.transactionId, type, eventIds: eventsOf(row.id, type) }
      } else if (payout) {
        const type = row.status === 'failed' ? 'payout.failed' : 'payout.succeeded'
        expected = { transactionId: request.transactionId, type, eventIds: eventsOf(row.id, type) }
      } else {
        problems.push(`${request.transactionId} has unexpected type ${row.type}`)
        continue
      }
      if (expected.eventIds.length !== 1) problems.push(`${request.kind} ${request.transactionId} has ${expected.eventIds.length} ${expected.type} events`)
      events.push(expected)
    }
    const pendingDeliveries = (db.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status <> 'succeeded'").get() as { n: number }).n
    return { problems, events, ledger: ledgerViolations(store), pendingDeliveries, knownEventIds: new Set((db.prepare('SELECT id FROM webhook_events').all() as { id: string }[]).map((e) => e.id)) }
  } finally {
    db.close()
  }
}

/** Switches webhook faults on for a receiver URL (console route); they are stored, so they outlive each restart. */
async function setWebhookFaults(host: CliHost, url: string, faults: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${host.url}/console/faults/webhooks`, {
    method: 'PUT', headers: { authorization: `Bearer ${CONSOLE_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ url, faults }),
  })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`PUT /console/faults/webhooks answered ${response.status}`)
}

describe('crashes under load', () => {
  it(`survives ${CRASHES} SIGKILLs at random moments: every 202 ends in exactly one final state, its webhook arrives under one event id, the ledger holds`, { timeout: 180_000 }, async () => {
    await crashUnderLoad('paydesk.db')
  })

  it('the same with the duplicate and drop webhook faults on: none lost, each event id delivered at least once', { timeout: 180_000 }, async () => {
    const received = await crashUnderLoad('paydesk-faults.db', { duplicate: true, drop: { attempts: 1 } })
    // The faults really were on: events arrived twice (duplicate), each after a dropped first attempt.
    const copies = new Map<string, number>()
    for (const id of received) copies.set(id, (copies.get(id) ?? 0) + 1)
    expect([...copies.values()].filter((n) => n >= 2).length).toBeGreaterThan(copies.size / 2)
  })
})

/** One crash run; returns the event id of every webhook request the receivers got. */
async function crashUnderLoad(dbFile: string, faults?: Record<string, unknown>): Promise<string[]> {
  const dbPath = join(folder, dbFile)
  const args = ['--db', dbPath, '--api-key', API_KEY, '--console-token', CONSOLE_TOKEN, '--webhook-secret', WEBHOOK_SECRET, '--rate-limit', '0', '--simulator', 'fast']
  // Three quick endpoints (the dispatcher keeps at most 8 attempts in flight per endpoint, 32 in all, and
  // refills freed slots at once) and a slow one that a few requests name, so some deliveries are in flight
  // when the host is killed.
  const receivers: WebhookReceiver[] = []
  for (let i = 0; i < 3; i++) receivers.push(await startWebhookReceiver())
  const slow = await startDelayedReceiver(150)
  cleanups.push(async () => {
    for (const receiver of receivers) await receiver.close()
    await slow.close()
  })
  const webhookUrls = [...Array(6).fill(receivers.map((r) => r.url)).flat(), slow.url] as string[]

  let host: CliHost | null = await startCli(args)
  cleanups.push(() => host && killHard(host))
  if (faults) for (const url of new Set(webhookUrls)) await setWebhookFaults(host, url, faults)
  const upWaiters: (() => void)[] = []
  const target = {
    url: () => host?.url ?? null,
    up: () => (host ? Promise.resolve() : new Promise<void>((resolve) => upWaiters.push(resolve))),
  }
  const accounts = await (await fetch(`${host.url}/v1/accounts?type=payouts&scope=default`, { headers: { authorization: `Bearer ${API_KEY}` } })).json() as { data: { items: { accountNo: string }[] } }
  const load = createPaymentLoad(target, {
    apiKey: API_KEY, payoutsAccountNo: accounts.data.items[0]!.accountNo, webhookUrls, workers: 8, pauseMs: 30,
  })

  load.start()
  const killDelays: number[] = []
  for (let crash = 0; crash < CRASHES; crash++) {
    const delay = Math.floor(PHASE_MS * (0.3 + 0.7 * Math.random()))
    killDelays.push(delay)
    await sleep(delay)
    const dying: CliHost = host!
    host = null
    await killHard(dying)
    host = await startCli(args)
    for (const resolve of upWaiters.splice(0)) resolve()
  }
  await sleep(PHASE_MS / 2)
  await load.stop()
  const context = `kill delays ${killDelays.join(', ')} ms; answers ${JSON.stringify(Object.fromEntries(load.statuses))}; unknown ${load.unknown()}`
  expect(load.accepted.length, context).toBeGreaterThan(50)
  expect(new Set(load.accepted.map((a) => a.kind)), context).toEqual(new Set(['charge', 'b2c', 'b2b', 'bank', 'reversal']))

  // Let simulated time run out every delay: answers (<= 3 s), settlement, webhook retries (<= 8 min in fast mode).
  expect(await advanceClock(host!, 60 * 60 * 1000)).toBe(200)
  // Watch the host drain its work through a read-only connection (WAL lets it read beside the writer).
  const watcher = new Database(dbPath, { readonly: true })
  const outstanding = () =>
    (watcher.prepare("SELECT (SELECT COUNT(*) FROM transactions WHERE status = 'pending') + (SELECT COUNT(*) FROM webhook_deliveries WHERE status <> 'succeeded') AS n").get() as { n: number }).n
  // Up to 90 s: a host sharing a busy machine drains slowly; a quiet one is done in a few seconds.
  for (let i = 0; i < 900 && outstanding() > 0; i++) await sleep(100)
  watcher.close()
  expect(await stopGracefully(host!), context).toBe(0)
  host = null

  const result = expectedEvents(dbPath, load.accepted)
  expect(result.problems, context).toEqual([])
  expect(result.ledger, context).toEqual([])
  expect(result.pendingDeliveries, context).toBe(0)

  // Webhooks: every final event arrived at least once; every copy of one event carries its one id and the same bytes.
  const received = [...receivers.flatMap((r) => r.requests), ...slow.requests]
  const byId = new Map<string, { headers: Record<string, unknown>; body: string }[]>()
  for (const request of received) {
    const id = String(request.headers['webhook-id'])
    expect(request.headers['x-webhook-event-id']).toBe(id)
    if (!byId.has(id)) byId.set(id, [])
    byId.get(id)!.push(request)
  }
  for (const [id, copies] of byId) {
    expect(result.knownEventIds.has(id), `received unknown event ${id}`).toBe(true)
    expect(new Set(copies.map((c) => c.body)).size, `copies of ${id}`).toBe(1)
    expect((JSON.parse(copies[0]!.body) as { id: string }).id).toBe(id)
  }
  const undelivered = result.events.filter((event) => !byId.has(event.eventIds[0]!))
  expect(undelivered.map((e) => `${e.type} for ${e.transactionId}`), context).toEqual([])
  // A request that died with the host and was retried with its Idempotency-Key got 202: the idempotency record
  // commits with the transaction, so the retry is either a replay or the first real run, never a 409 against itself.
  expect(load.retriedAnswers.filter((a) => a.kind !== 'reversal' && a.status !== 202), context).toEqual([])
  return received.map((request) => String(request.headers['webhook-id']))
}
