import { afterEach, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN, startTestServer, type TestServer } from '../support/harness'
import { pairOf, pairSettings, PROVIDER_KEY, startUpstreamPair, type UpstreamPair } from '../support/upstream-pair'
import { outboxIdempotencyKey } from '../../electron/service/upstream/outbox/keys'
import { b2cBody, chargeBody } from './helpers'

// The provider lives in real time. The simulated clock (one offset for the whole Paydesk, which QA advances
// from the other environment's sandbox) must never move the mirror's windows: which days it lists, the dates
// it sends, the deep scan's interval, the targeted gets' settle window and the backfill's start are all
// judged on the host's real clock (the harness's `clock`; POST /console/simulator/advance moves the other).

const DAY = 86_400_000
const POLL_MS = 60_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const asProvider = { authorization: `Bearer ${PROVIDER_KEY}` }
const asConsole = (environment: string) => ({ authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': environment })

const opened: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const item of opened.splice(0)) await item.close()
})

async function newPair(): Promise<UpstreamPair> {
  const pair = await startUpstreamPair()
  opened.push(pair)
  return pair
}

/** The simulated clock ahead by `ms`, asked from the environment that is still a sandbox. */
async function advanceSimulated(server: TestServer, ms: number, environment = 'live'): Promise<void> {
  const answer = await server.request('POST', '/console/simulator/advance', { headers: asConsole(environment), body: { ms } })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

interface ProviderCall {
  path: string
  query: string
}

async function providerCalls(paydesk: TestServer): Promise<Map<string, ProviderCall>> {
  const log = await paydesk.request('GET', '/console/requests?source=provider&limit=200', { headers: asConsole('test') })
  expect(log.status).toBe(200)
  return new Map((log.body.data.items as (ProviderCall & { requestId: string })[]).map((e) => [e.requestId, { path: e.path, query: e.query }]))
}

/**
 * One poll of the connected Paydesk as it runs: both real clocks move on by the poll interval, `between`
 * happens at the provider, the hosts' tick starts the cycle; waits until it has synced. Answers the calls the
 * cycle sent to the provider.
 */
async function poll(pair: UpstreamPair, between?: () => Promise<void>): Promise<ProviderCall[]> {
  const before = await providerCalls(pair.paydesk)
  const synced = (await pair.console('GET', '/console/upstream')).body.data.lastSyncAt
  await pair.advance(POLL_MS)
  await between?.()
  await pair.paydesk.service.tick()
  for (let i = 0; i < 2_000; i++) {
    const status = (await pair.console('GET', '/console/upstream')).body.data
    expect(status.lastError).toBeNull()
    if (status.lastSyncAt !== synced) return [...(await providerCalls(pair.paydesk)).entries()].filter(([id]) => !before.has(id)).map(([, call]) => call)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error('the poll did not sync')
}

/** The UTC days a cycle's transaction lists asked the provider for (both ends of each window). */
function daysAsked(calls: ProviderCall[]): string[] {
  const days = new Set<string>()
  for (const call of calls.filter((c) => c.path === '/v1/transactions')) {
    const query = new URLSearchParams(call.query.replace(/^\?/, ''))
    for (const key of ['startDate', 'endDate']) days.add(query.get(key)!.slice(0, 10))
  }
  return [...days].sort()
}

async function createdAtProvider(pair: UpstreamPair, path: string, body: Record<string, unknown>): Promise<string> {
  const made = await pair.provider.request('POST', path, { headers: asProvider, body })
  expect(made.status, JSON.stringify(made.body)).toBe(202)
  return made.body.data.transactionId as string
}

describe('the mirror with the simulated clock ahead of the real one', () => {
  it('lists the real days at every poll and finds a payment made at the provider since the last one', async () => {
    const pair = await newPair()
    expect(await pair.sync()).toMatchObject({ status: 'done' })
    await advanceSimulated(pair.paydesk, 7 * DAY)
    // Freshness is real time too: the mirror synced just now, however far the simulated clock ran.
    expect((await pair.console('GET', '/console/upstream')).body.data).toMatchObject({ lastSyncAt: pair.paydesk.clock.now(), lagMs: 0 })
    await poll(pair)
    const chargeId = await createdAtProvider(pair, '/v1/mobile/charge', chargeBody())
    const calls = await poll(pair)
    const found = await pair.paydesk.request('GET', `/v1/transaction?transactionId=${chargeId}`)
    expect(found.status, JSON.stringify(found.body)).toBe(200)
    const real = pair.paydesk.clock.now()
    // Today (through tomorrow) and the 3 days of --upstream-lookback before it, on the real calendar.
    expect(daysAsked(calls)).toEqual([3, 2, 1, 0, -1].map((back) => day(real - back * DAY)))
  })

  it('deep-scans days 4-35 once a real day, not when the simulated clock passes a day', async () => {
    const pair = await newPair()
    expect(await pair.sync()).toMatchObject({ status: 'done' })
    await advanceSimulated(pair.paydesk, 2 * DAY)
    const real = pair.paydesk.clock.now()
    expect(daysAsked(await poll(pair))).not.toContain(day(real - 4 * DAY))
    // A real day later (both real clocks), the deep scan is due.
    await pair.advance(DAY)
    const later = pair.paydesk.clock.now() + POLL_MS
    expect(daysAsked(await poll(pair))).toContain(day(later - 4 * DAY))
  })

  it('reads no row by id that the re-scan of the real days has just listed', async () => {
    const pair = await newPair()
    expect(await pair.sync()).toMatchObject({ status: 'done' })
    await advanceSimulated(pair.paydesk, 7 * DAY)
    let payoutId = ''
    const calls = await poll(pair, async () => {
      payoutId = await createdAtProvider(pair, '/v1/mobile/b2c', b2cBody())
    })
    const mirrored = await pair.paydesk.request('GET', `/v1/transaction?transactionId=${payoutId}`)
    expect(mirrored.status, JSON.stringify(mirrored.body)).toBe(200)
    expect(mirrored.body.data.status).toBe('pending')
    expect(calls.filter((c) => c.path === '/v1/transaction')).toEqual([])
  })
})

describe('a connection made with the simulated clock ahead', () => {
  it('backfills from 30 real days back and takes a payout made after it as news', async () => {
    const pair = pairOf(await startTestServer({ apiKey: PROVIDER_KEY }), await startTestServer())
    opened.push(pair)
    const { paydesk } = pair
    // Before the connection the test environment is a sandbox: QA moved the clock there.
    await advanceSimulated(paydesk, 10 * DAY, 'test')
    paydesk.service.connectUpstream(pairSettings(pair.provider))
    expect(await pair.sync()).toMatchObject({ status: 'done' })
    const status = await pair.console('GET', '/console/upstream')
    expect(status.body.data.backfill).toMatchObject({ from: day(paydesk.clock.now() - 30 * DAY), done: true })
    const payoutId = await createdAtProvider(pair, '/v1/mobile/b2c', b2cBody({ forceStatus: 'failed' }))
    // The provider's simulator answers within two minutes; the mirror first sees the payout failed.
    await pair.advance(120_000)
    await pair.sync()
    const found = await pair.paydesk.request('GET', `/v1/transaction?transactionId=${payoutId}`)
    expect(found.body.data?.status).toBe('failed')
    const bell = await pair.console('GET', '/console/notifications')
    const kinds = bell.body.data.items.map((n: { kind: string; link: string }) => `${n.kind} ${n.link}`)
    expect(kinds).toContain(`payout_failed /transactions/${payoutId}`)
  })
})

describe('the outbox with the simulated clock ahead', () => {
  it('sends a console payment at once, not when the real clock reaches the simulated one', async () => {
    const pair = await startUpstreamPair({ upstream: { mode: 'operate' } })
    opened.push(pair)
    expect(await pair.sync()).toMatchObject({ status: 'done' })
    await advanceSimulated(pair.paydesk, 7 * DAY)
    const body = b2cBody({ amount: 1_500 })
    const row = await sentAndSettled(pair, body, 'accepted')
    expect(row().state).toBe('accepted')
    const atProvider = await pair.provider.request('GET', `/v1/transaction?merchantTransactionId=${body['merchantTransactionId']}`, { headers: asProvider })
    expect(atProvider.status).toBe(200)
    // What is booked locally keeps the simulated clock, like every other row of Paydesk.
    expect(row().created_at).toBe(pair.paydesk.clock.now() + 7 * DAY)
  })

  it('gives a row back from review a day of unclear outcome on the real clock', async () => {
    const pair = await startUpstreamPair({ upstream: { mode: 'operate' } })
    opened.push(pair)
    expect(await pair.sync()).toMatchObject({ status: 'done' })
    // The intent's key was used at the provider with another body: the outbox stops at needs_review.
    const body = b2cBody({ amount: 1_900 })
    const organizationId = pair.paydesk.service.internals.store.upstream.all()[0]!.organization_id
    const key = outboxIdempotencyKey(organizationId, body['merchantTransactionId'] as string)
    expect((await pair.provider.request('POST', '/v1/mobile/b2c', { headers: { ...asProvider, 'idempotency-key': key }, body: { ...body, amount: 2_000 } })).status).toBe(202)
    const row = await sentAndSettled(pair, body, 'needs_review')
    expect(row().state).toBe('needs_review')
    await advanceSimulated(pair.paydesk, 7 * DAY)
    const resolved = await pair.console('POST', `/console/upstream/outbox/${row().id}/resolve`)
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200)
    // Its 24 hours before review again run from now on the real clock, as the sender counts them.
    expect(row().unknown_since).toBe(pair.paydesk.clock.now())
  })
})

/** A console B2C on the connected environment, ticked (the real clock standing still) until its row is `until`. */
async function sentAndSettled(pair: UpstreamPair, body: Record<string, unknown>, until: string) {
  const asked = await pair.console('POST', '/v1/mobile/b2c', body)
  expect(asked.status, JSON.stringify(asked.body)).toBe(202)
  const store = pair.paydesk.service.internals.store
  const { organization_id: organizationId, environment } = store.upstream.all()[0]!
  const row = () => store.upstreamOutbox.list(organizationId, environment, null, 10).find((r) => r.merchant_transaction_id === body['merchantTransactionId'])!
  for (let i = 0; i < 200 && row().state !== until; i++) {
    await pair.paydesk.service.tick()
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return row
}
