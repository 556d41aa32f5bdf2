import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { fireAtOnce, onNewConnection } from '../support/parallel-http'
import { b2bBody, b2cBody, bankTransferBody, chargeBody, defaultAccount, errorOf } from './helpers'

/**
 * Many clients at once, each on its own connection: the same Idempotency-Key, payouts that together
 * exceed the float, the same merchantTransactionId, the same charge reversed twice. The engine runs each
 * request in one synchronous SQLite transaction; these tests prove that holds at the HTTP boundary, where
 * bodies arrive interleaved.
 */
const CLIENTS = 50

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const auth = { authorization: `Bearer ${TEST_KEY}` }
const post = (path: string, body: unknown, headers: Record<string, string> = {}) => onNewConnection(server.url + path, 'POST', { ...auth, ...headers }, body)

/** Rows with this merchantTransactionId, straight from the database (whatever the API would show). */
function rowsWithReference(reference: unknown): number {
  const row = server.service.internals.store.db.prepare('SELECT COUNT(*) AS n FROM transactions WHERE merchant_transaction_id = ?').get(reference) as { n: number }
  return row.n
}

async function finalizeEverything(): Promise<void> {
  server.clock.advance(60_000)
  await server.service.tick()
}

describe('the same Idempotency-Key from many connections at once', () => {
  it.each([
    ['charge', '/v1/mobile/charge', () => chargeBody()],
    ['b2c', '/v1/mobile/b2c', () => b2cBody()],
  ])('%s: one transaction, and every client gets the identical status and body', async (_label, path, makeBody) => {
    const key = randomUUID()
    const body = makeBody()
    const answers = await fireAtOnce(CLIENTS, () => post(path, body, { 'idempotency-key': key }))
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([202]))
    expect(new Set(answers.map((a) => a.text)).size).toBe(1)
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(CLIENTS - 1)
    expect(rowsWithReference(body['merchantTransactionId'])).toBe(1)
  })

  it('with different bodies: one request wins, every other one is a 409 idempotency_error, nothing else is created', async () => {
    const key = randomUUID()
    const bodies = Array.from({ length: CLIENTS }, () => chargeBody())
    const answers = await fireAtOnce(CLIENTS, (i) => post('/v1/mobile/charge', bodies[i], { 'idempotency-key': key }))
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1)
    const refused = answers.filter((a) => a.status !== 202)
    expect(refused.map((a) => errorOf(a.body).type)).toEqual(Array(CLIENTS - 1).fill('idempotency_error'))
    expect(bodies.map((b) => rowsWithReference(b['merchantTransactionId'])).reduce((sum, n) => sum + n, 0)).toBe(1)
  })
})

describe('the same merchantTransactionId from many connections at once', () => {
  it('exactly one charge is accepted (202); the others are 409 conflict_error and create nothing', async () => {
    const body = chargeBody()
    const answers = await fireAtOnce(CLIENTS, () => post('/v1/mobile/charge', body))
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409).map((a) => errorOf(a.body).type)).toEqual(Array(CLIENTS - 1).fill('conflict_error'))
    expect(rowsWithReference(body['merchantTransactionId'])).toBe(1)
  })

  it('one charge reversed by many clients at once gets exactly one reversal', async () => {
    const charge = await post('/v1/mobile/charge', chargeBody())
    await finalizeEverything()
    const chargeId: string = charge.body.data.transactionId
    const answers = await fireAtOnce(20, () => post('/v1/mobile/reverse', { transactionId: chargeId }))
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19)
    const reversals = server.service.internals.store.db
      .prepare("SELECT COUNT(*) AS n FROM transactions r JOIN transactions c ON c.id = r.related_id WHERE r.type = 'reversal' AND c.public_id = ?")
      .get(chargeId) as { n: number }
    expect(reversals.n).toBe(1)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })
})

describe('payouts that together exceed the float', () => {
  it('never overdraw it: some are rejected, available never goes negative, the ledger holds', async () => {
    const payouts = await defaultAccount(server, 'payouts')
    const each = 3_000_000
    // Mixed kinds from one float, more than twice what it holds, with balance reads racing them.
    const makers = [() => b2cBody({ amount: each }), () => b2bBody({ amount: each }), () => bankTransferBody(payouts.accountNo, { amount: each })]
    const count = Math.ceil((2 * payouts.available) / each)
    const seen: number[] = []
    const reads = fireAtOnce(30, async () => {
      const answer = await onNewConnection(`${server.url}/v1/balance?accountNo=${payouts.accountNo}`, 'GET', auth)
      seen.push(answer.body.data.available, answer.body.data.pending)
    })
    const paths = ['/v1/mobile/b2c', '/v1/mobile/b2b', '/v1/local-bank-transfer']
    const answers = await fireAtOnce(count, (i) => post(paths[i % 3]!, makers[i % 3]!()))
    await reads
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([202]))

    const ids = answers.map((a) => a.body.data.transactionId as string)
    const store = server.service.internals.store
    const rows = ids.map((id) => store.db.prepare('SELECT status, amount, fees FROM transactions WHERE public_id = ?').get(id) as { status: string; amount: number; fees: number })
    const accepted = rows.filter((r) => r.status === 'pending')
    const rejected = rows.filter((r) => r.status === 'rejected')
    expect(accepted.length + rejected.length).toBe(count)
    expect(accepted.length).toBeGreaterThan(0)
    expect(rejected.length).toBeGreaterThan(0)
    // What was reserved fits in what the float held; what was refused would not have fit.
    const reserved = accepted.reduce((sum, r) => sum + r.amount + r.fees, 0)
    expect(reserved).toBeLessThanOrEqual(payouts.available)
    const after = store.accounts.all().find((a) => a.account_no === payouts.accountNo)!
    expect(after.available).toBe(payouts.available - reserved)
    expect(Math.min(...seen, after.available, after.pending)).toBeGreaterThanOrEqual(0)
    expect(ledgerViolations(store)).toEqual([])

    await finalizeEverything()
    expect(ledgerViolations(store)).toEqual([])
    expect(store.accounts.all().filter((a) => a.kind === 'payouts').every((a) => a.available >= 0 && a.pending >= 0)).toBe(true)
  })
})
