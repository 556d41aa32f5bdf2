import { parseSync } from 'ofx-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { PROVIDER_KEY, startUpstreamPair, type UpstreamPair } from '../support/upstream-pair'
import { b2cBody } from './helpers'

/**
 * The connected environment's ledger: the mirror posts what each provider transaction moved, so the
 * Statements screen, its files and every ledger report read the real account, and after a settled sync
 * each account's ledger balance is the provider's (the history before --upstream-since brought forward).
 */
let pair: UpstreamPair
const DAY = 86_400_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const asProvider = { authorization: `Bearer ${PROVIDER_KEY}` }
type Kind = 'collections' | 'payouts'
type Buckets = { available: number; pending: number }

beforeAll(async () => {
  pair = await startUpstreamPair({ seedHistory: 600 })
  // Two fresh Paydesks number their accounts alike; a real provider's numbers are its own.
  const renumber = pair.provider.service.internals.store.db.prepare("UPDATE accounts SET account_no = '9' || substr(account_no, 2) WHERE environment = 'test' AND kind IN ('collections', 'payouts')")
  expect(renumber.run().changes).toBeGreaterThan(1)
})
afterAll(async () => {
  await pair?.close()
})

/** The provider's balance of each kind, as its own /v1/balance answers it for each of its accounts. */
async function providerBalance(kind: Kind): Promise<Buckets> {
  const accounts = await pair.provider.request('GET', '/v1/accounts', { headers: asProvider })
  const total = { available: 0, pending: 0 }
  for (const account of accounts.body.data.items.filter((a: { type: string }) => a.type === kind)) {
    const balance = await pair.provider.request('GET', `/v1/balance?accountNo=${account.accountNo}`, { headers: asProvider })
    total.available += balance.body.data.available
    total.pending += balance.body.data.pending
  }
  return total
}

/** The connected environment's own account of a kind (its ledger: every mirrored row is booked on it). */
function localAccountNo(kind: Kind): string {
  const store = pair.paydesk.service.internals.store
  const connection = store.upstream.all()[0]!
  return store.accounts.resolve(connection.organization_id, connection.environment, kind).account_no
}

/** The account of a kind as the console lists it in the connected environment: the provider's, by its number. */
async function listedAccountNo(kind: Kind): Promise<string> {
  const listed = await pair.console('GET', '/v1/accounts')
  expect(listed.status).toBe(200)
  return listed.body.data.items.find((a: { type: string; default: boolean }) => a.type === kind && a.default).accountNo
}

function range() {
  const now = pair.paydesk.clock.now()
  return { from: day(now - 30 * DAY), to: day(now + DAY) }
}

async function statement(kind: Kind, from = range().from) {
  const { to } = range()
  const accountNo = await listedAccountNo(kind)
  const answer = await pair.console('GET', `/console/statements?accountNo=${accountNo}&from=${from}&to=${to}&timeZone=UTC`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const { generatedAt: _ignored, ...rest } = answer.body.data
  return rest
}

/** The settlement report (Home's figures) of the connected environment over the mirrored days. */
async function settlementReport() {
  const { from, to } = range()
  const answer = await pair.console('GET', `/console/reports/settlement?from=${from}&to=${to}&timeZone=UTC`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const days = answer.body.data.days as { chargesCompleted: { count: number }; reversals: { count: number }; collectionsClosing: Buckets }[]
  return { days, sum: (pick: (d: (typeof days)[number]) => number) => days.reduce((total, d) => total + pick(d), 0) }
}

async function expectBalancesAgree(): Promise<void> {
  for (const kind of ['collections', 'payouts'] as const) {
    const ours = await statement(kind)
    expect(ours.reconciliation.holds, ours.reconciliation.statement).toBe(true)
    expect(ours.closing, kind).toEqual(await providerBalance(kind))
    // Asked by the connected environment's own account number, the same ledger answers.
    const { from, to } = range()
    const local = await pair.console('GET', `/console/statements?accountNo=${localAccountNo(kind)}&from=${from}&to=${to}&timeZone=UTC`)
    expect(local.body.data.lines).toEqual(ours.lines)
  }
  expect(ledgerViolations(pair.paydesk.service.internals.store)).toEqual([])
}

describe('the ledger of a connected environment', () => {
  it('lists the mirrored movements after the first sync, closing at the provider\'s balance', async () => {
    expect(await pair.sync()).toMatchObject({ status: 'done', error: null })
    const collections = await statement('collections')
    const payouts = await statement('payouts')
    // Under the provider's number, the one the console lists (and the accountant knows the account by).
    expect(collections.account).toMatchObject({ accountNo: await listedAccountNo('collections'), type: 'collections' })
    const { from, to } = range()
    const listed = await pair.provider.request('GET', `/v1/transactions?startDate=${from}&endDate=${to}&limit=10000`, { headers: asProvider })
    const moved = (listed.body.data.items as { publicId: string; type: string; status: string }[]).filter((t) => t.type === 'charge' && (t.status === 'completed' || t.status === 'settled'))
    expect(moved.length).toBeGreaterThan(10)
    const onStatement = new Set(collections.lines.map((line: { transactionId: string }) => line.transactionId))
    for (const t of moved) expect(onStatement.has(t.publicId), t.publicId).toBe(true)
    expect(collections.lines.some((line: { movement: string }) => line.movement === 'charge_settled')).toBe(true)
    expect(payouts.lines.some((line: { movement: string }) => line.movement === 'payout_paid')).toBe(true)
    // The balance brought forward is the opening of the mirrored days, never a line of them.
    expect([...collections.lines, ...payouts.lines].some((line: { transactionId: string }) => line.transactionId.startsWith('bf_'))).toBe(false)
    expect(collections.opening.available + collections.opening.pending + payouts.opening.available + payouts.opening.pending).toBeGreaterThan(0)
    // A statement from the day before: it opens at nothing, and its first line says what the entry is.
    const earlier = await statement('payouts', day(Date.parse(from) - DAY))
    expect(earlier.opening).toEqual({ available: 0, pending: 0 })
    expect(earlier.lines[0]).toMatchObject({ transactionId: expect.stringMatching(/^bf_/), description: 'Balance brought forward from the provider' })
    const report = await settlementReport()
    expect(report.sum((d) => d.chargesCompleted.count)).toBeGreaterThan(10)
    expect(report.days.at(-1)!.collectionsClosing).toEqual(await providerBalance('collections'))
    await expectBalancesAgree()
  })

  it('shows a reversal and a late failure made at the provider after the next poll, the balances still agreeing', async () => {
    const { from, to } = range()
    const listed = await pair.provider.request('GET', `/v1/transactions?startDate=${from}&endDate=${to}&limit=10000`, { headers: asProvider })
    // The smallest settled charge: the provider's collections account can pay its reversal back.
    const charge = (listed.body.data.items as { publicId: string; type: string; status: string; amount: number }[])
      .filter((t) => t.type === 'charge' && t.status === 'settled').sort((a, b) => a.amount - b.amount)[0]!
    const reversalsBefore = (await settlementReport()).sum((d) => d.reversals.count)
    const reversal = await pair.provider.request('POST', '/v1/mobile/reverse', { headers: asProvider, body: { transactionId: charge.publicId } })
    expect(reversal.status, JSON.stringify(reversal.body)).toBe(202)
    const failing = await pair.provider.request('POST', '/v1/mobile/b2c', { headers: asProvider, body: b2cBody({ forceStatus: 'failed' }) })
    expect(failing.status, JSON.stringify(failing.body)).toBe(202)
    await pair.advance(1_000)
    await pair.sync()
    const reserved = await statement('payouts')
    expect(reserved.lines).toContainEqual(expect.objectContaining({ transactionId: failing.body.data.transactionId, movement: 'payout_reserved' }))
    await expectBalancesAgree()
    await pair.advance(120_000)
    await pair.sync()
    const collections = await statement('collections')
    expect(collections.lines).toContainEqual(expect.objectContaining({ transactionId: reversal.body.data.transactionId, movement: 'reversal_paid' }))
    const payouts = await statement('payouts')
    expect(payouts.lines).toContainEqual(expect.objectContaining({ transactionId: failing.body.data.transactionId, movement: 'payout_released' }))
    expect((await settlementReport()).sum((d) => d.reversals.count)).toBe(reversalsBefore + 1)
    await expectBalancesAgree()
  })

  it('closes the OFX file at the provider\'s balance too', async () => {
    const { from, to } = range()
    for (const kind of ['collections', 'payouts'] as const) {
      const accountNo = await listedAccountNo(kind)
      const answer = await fetch(`${pair.paydesk.url}/console/statements/${accountNo}.ofx?from=${from}&to=${to}`, {
        headers: { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' },
      })
      expect(answer.status).toBe(200)
      const rs = parseSync(await answer.text()).OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS
      expect(rs.BANKACCTFROM.ACCTID).toBe(accountNo)
      const minor = (value: string) => Math.round(Number(value) * 100)
      const theirs = await providerBalance(kind)
      expect(minor(rs.LEDGERBAL.BALAMT), kind).toBe(theirs.available + theirs.pending)
      expect(minor(rs.AVAILBAL.BALAMT), kind).toBe(theirs.available)
    }
  })

  it('changes nothing on a re-scan: the statements stay identical', async () => {
    const before = { collections: await statement('collections'), payouts: await statement('payouts') }
    const { from } = range()
    expect(await pair.sync({ from, to: day(pair.paydesk.clock.now()) })).toMatchObject({ status: 'done' })
    expect(await pair.sync()).toMatchObject({ status: 'done' })
    expect({ collections: await statement('collections'), payouts: await statement('payouts') }).toEqual(before)
    await expectBalancesAgree()
  })
})
