import { afterEach, describe, expect, it } from 'vitest'
import { balanceOf, bankTransferBody, b2bBody, b2cBody, chargeBody, consoleAuth, defaultAccount, live } from './helpers'
import { startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { acknowledgingTransport } from '../support/simulator-driver'
import { SETTINGS } from '../../electron/service/db/settings-registry'

const SECOND = 1_000
let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function start(): Promise<TestServer> {
  server = await startTestServer({ webhookTransport: acknowledgingTransport })
  return server
}

async function post(s: TestServer, path: string, body: Record<string, unknown>): Promise<string> {
  const response = await s.request('POST', path, { body })
  expect(response.status, JSON.stringify(response.body)).toBe(202)
  return response.body.data.transactionId as string
}

async function get(s: TestServer, transactionId: string) {
  const response = await s.request('GET', `/v1/transaction?transactionId=${transactionId}`)
  expect(response.status).toBe(200)
  return response.body.data as { status: string; message: string | null; processorReference: string | null; fees: number }
}

/** The M-Pesa result code is not part of the spec's transaction shape: it is stored and sent as the webhook's error.code. */
function resultCodeOf(s: TestServer, transactionId: string): { column: string | null; webhook: string | undefined } {
  const store = s.service.internals.store
  const row = store.transactions.getByPublicId(store.settings.get(SETTINGS.demoOrganizationId)!, 'test', transactionId)!
  const events = store.webhooks.eventsOfTransaction(row.id).map((e) => JSON.parse(e.payload) as { error?: { code: string } })
  return { column: row.result_code, webhook: events.at(-1)?.error?.code }
}

async function elapse(s: TestServer, ms: number): Promise<void> {
  s.clock.advance(ms)
  await s.service.tick()
}

describe('fast mode timing over HTTP', () => {
  it('a charge is still pending at 0.9 s and completed by 3 s', async () => {
    const s = await start()
    const id = await post(s, '/v1/mobile/charge', chargeBody())
    await elapse(s, 900)
    expect((await get(s, id)).status).toBe('pending')
    await elapse(s, 2_100)
    const done = await get(s, id)
    expect(done.status).toBe('completed')
    expect(done.processorReference).toMatch(/^[A-Z0-9]{10}$/)
    expect(done.message).toBe('The service request is processed successfully.')
  })

  it('payouts and bank transfers also answer within 3 s; bank references are FT…', async () => {
    const s = await start()
    const payouts = await defaultAccount(s, 'payouts')
    const ids = [
      await post(s, '/v1/mobile/b2c', b2cBody()),
      await post(s, '/v1/mobile/b2b', b2bBody()),
      await post(s, '/v1/local-bank-transfer', bankTransferBody(payouts.accountNo)),
    ]
    await elapse(s, 900)
    for (const id of ids) expect((await get(s, id)).status).toBe('pending')
    await elapse(s, 2_100)
    for (const id of ids) expect((await get(s, id)).status).toBe('completed')
    expect((await get(s, ids[2]!)).processorReference).toMatch(/^FT[A-Z0-9]{8}$/)
  })

  it('receipts are dated in Nairobi time, as M-Pesa dates them, and a later one sorts after an earlier one', async () => {
    const s = await start()
    const completedReceipt = async (id: string) => (await get(s, id)).processorReference!
    // The harness clock starts at 2026-11-21 09:00 UTC: noon of 21 November in Nairobi (K = November, L = 21).
    const noon = await post(s, '/v1/mobile/charge', chargeBody({ forceStatus: 'success' }))
    await elapse(s, 3 * SECOND)
    const later = await post(s, '/v1/mobile/charge', chargeBody({ forceStatus: 'success' }))
    await elapse(s, 3 * SECOND)
    const [first, second] = [await completedReceipt(noon), await completedReceipt(later)]
    expect(first).toMatch(/^TKL[0-9A-Z]{7}$/)
    expect(second).toMatch(/^TKL[0-9A-Z]{7}$/)
    expect(first < second).toBe(true)
    // 21:30 UTC is already 00:30 on the 22nd in Nairobi (M).
    s.clock.advance(Date.UTC(2026, 10, 21, 21, 30) - s.clock.now())
    const night = [await post(s, '/v1/mobile/charge', chargeBody({ forceStatus: 'success' })), await post(s, '/v1/mobile/charge', chargeBody({ forceStatus: 'success' }))]
    await elapse(s, 3 * SECOND)
    const nightReceipts = [await completedReceipt(night[0]!), await completedReceipt(night[1]!)]
    for (const receipt of nightReceipts) expect(receipt).toMatch(/^TKM[0-9A-Z]{7}$/)
    // Both finalized in one tick at one clock reading, and still two receipts.
    expect(nightReceipts[0]).not.toBe(nightReceipts[1])
  })
})

describe('documented outcomes over HTTP', () => {
  const MAGIC_PHONES = [
    ['254700000001', '1032', 'Request cancelled by user.'],
    ['254700000002', '1037', 'DS timeout user cannot be reached.'],
    ['254700000003', '1', 'The balance is insufficient for the transaction.'],
    ['254700000004', '2001', 'The initiator information is invalid.'],
  ] as const

  it.each(MAGIC_PHONES)('magic phone %s fails a charge and a b2c with result code %s', async (phone, code, message) => {
    const s = await start()
    const charge = await post(s, '/v1/mobile/charge', chargeBody({ phoneNumber: phone }))
    const b2c = await post(s, '/v1/mobile/b2c', b2cBody({ phoneNumber: phone }))
    await elapse(s, 3 * SECOND)
    for (const id of [charge, b2c]) {
      expect(await get(s, id)).toMatchObject({ status: 'failed', message, processorReference: null })
      expect(resultCodeOf(s, id)).toEqual({ column: code, webhook: code })
    }
  })

  const FORCED = [
    ['success', 'completed', '0', 'The service request is processed successfully.'],
    ['failed', 'failed', '1001', 'Unable to lock subscriber, a transaction is already in process for the current subscriber.'],
    ['cancelled', 'failed', '1032', 'Request cancelled by user.'],
    ['timeout', 'failed', '1037', 'DS timeout user cannot be reached.'],
    ['insufficient_funds', 'failed', '1', 'The balance is insufficient for the transaction.'],
    ['wrong_pin', 'failed', '2001', 'The initiator information is invalid.'],
  ] as const

  it.each(FORCED)('forceStatus %s ends %s with result code %s', async (forceStatus, status, code, message) => {
    const s = await start()
    // A magic phone too: forceStatus wins over it.
    const id = await post(s, '/v1/mobile/charge', chargeBody({ forceStatus, phoneNumber: '254700000001' }))
    await elapse(s, 3 * SECOND)
    expect(await get(s, id)).toMatchObject({ status, message })
    expect(resultCodeOf(s, id).column).toBe(code)
  })

  it('forceStatus pending never resolves, and live keys may not force outcomes', async () => {
    const s = await start()
    const id = await post(s, '/v1/mobile/charge', chargeBody({ forceStatus: 'pending' }))
    await elapse(s, 24 * 3600 * SECOND)
    expect((await get(s, id)).status).toBe('pending')
    const refused = await s.request('POST', '/v1/mobile/charge', { body: chargeBody({ forceStatus: 'success' }), headers: live })
    expect(refused.status).toBe(400)
  })
})

describe('balances after a mixed sequence follow the documented fee and settlement rules', () => {
  it('charges, payouts, a bank transfer, reversals, a sweep and a top-up', async () => {
    const s = await start()
    const collections = (await defaultAccount(s, 'collections')).accountNo
    const payouts = (await defaultAccount(s, 'payouts')).accountNo
    const OPENING_FLOAT = 50_000_000
    expect(await balanceOf(s, collections)).toEqual({ available: 0, pending: 0 })
    expect(await balanceOf(s, payouts)).toEqual({ available: OPENING_FLOAT, pending: 0 })

    // Charges pay 55 basis points, rounded half up, capped at KES 200 (20,000 minor units).
    const chargeA = await post(s, '/v1/mobile/charge', chargeBody({ amount: 1_000_000 })) // fee 5,500 -> net 994,500
    const chargeB = await post(s, '/v1/mobile/charge', chargeBody({ amount: 50_000 })) // 0.55% of 50,000 = 275 -> net 49,725
    await post(s, '/v1/mobile/charge', chargeBody({ amount: 5_000_000 })) // 27,500 capped at 20,000 -> net 4,980,000
    await post(s, '/v1/mobile/charge', chargeBody({ amount: 200_000, phoneNumber: '254700000001' })) // cancelled: no money
    // Payouts reserve amount + band fee at acceptance.
    await post(s, '/v1/mobile/b2c', b2cBody({ amount: 100_000 })) // b2c band up to 150,000: fee 500
    await post(s, '/v1/mobile/b2c', b2cBody({ amount: 300_000, forceStatus: 'insufficient_funds' })) // band up to 500,000: fee 900; released
    await post(s, '/v1/mobile/b2b', b2bBody({ amount: 2_000_000 })) // b2b band up to 15,000,000: fee 5,000
    await post(s, '/v1/local-bank-transfer', bankTransferBody(payouts, { amount: 15_000_000 })) // bank band up to 100,000,000: fee 10,000
    const reserved = 100_500 + 300_900 + 2_005_000 + 15_010_000
    expect(await balanceOf(s, payouts)).toEqual({ available: OPENING_FLOAT - reserved, pending: reserved })

    await elapse(s, 3 * SECOND)
    const netA = 994_500
    const netB = 49_725
    const netC = 4_980_000
    expect(await balanceOf(s, collections)).toEqual({ available: 0, pending: netA + netB + netC })
    const paidOut = 100_500 + 2_005_000 + 15_010_000
    expect(await balanceOf(s, payouts)).toEqual({ available: OPENING_FLOAT - paidOut, pending: 0 })

    // Reversing settles the charge first, then reserves its net out of collections available.
    const reversalB = await post(s, '/v1/mobile/reverse', { transactionId: chargeB })
    const reversalA = await post(s, '/v1/mobile/reverse', { transactionId: chargeA, forceStatus: 'failed' })
    expect(await balanceOf(s, collections)).toEqual({ available: 0, pending: netA + netB + netC })
    await elapse(s, 3 * SECOND)
    expect((await get(s, reversalB)).status).toBe('completed')
    expect((await get(s, reversalA)).status).toBe('failed')
    // B's net went back to the customer (with the refunded fee); A's reservation returned to available; C is unsettled.
    expect(await balanceOf(s, collections)).toEqual({ available: netA, pending: netC })

    // C settles 10 s (the fast-mode delay) after it completed.
    await elapse(s, 10 * SECOND)
    expect(await balanceOf(s, collections)).toEqual({ available: netA + netC, pending: 0 })

    const sweep = await s.request('POST', '/console/funds/sweep', { headers: consoleAuth(), body: { amount: 1_000_000 } })
    expect(sweep.status).toBe(201)
    const topUp = await s.request('POST', '/console/funds/top-up', { headers: consoleAuth(), body: { accountNo: payouts, amount: 500_000 } })
    expect(topUp.status).toBe(201)
    expect(await balanceOf(s, collections)).toEqual({ available: netA + netC - 1_000_000, pending: 0 })
    expect(await balanceOf(s, payouts)).toEqual({ available: OPENING_FLOAT - paidOut + 1_000_000 + 500_000, pending: 0 })
    expect(ledgerViolations(s.service.internals.store)).toEqual([])
  })
})
