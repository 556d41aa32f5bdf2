import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { ALL_TIME, DEMO_SHORTCODE, b2cBody, bankTransferBody, chargeBody, defaultAccount, errorOf, live } from './helpers'

/** Spec 2.1, the shape of GET /v1/transaction and GET /v1/transactions items. */
const SPEC_FIELDS = [
  'publicId', 'merchantTransactionId', 'status', 'message', 'amount', 'chargedAmount', 'currency', 'accountType', 'type', 'paymentMethod',
  'processor', 'processorReference', 'phoneNumber', 'narration', 'customerId', 'customer', 'fees', 'metadata', 'subMerchantId',
  'subMerchantDetails', 'createdAt', 'updatedAt',
]
/** Spec 2.1 "alternative single-transaction shape". */
const ALT_FIELDS = [
  'id', 'chargedPhone', 'description', 'debitOrCredit', 'destination', 'reference', 'externalReference', 'invoiceId', 'payoutId', 'stage',
  'merchantTransactionId', 'processor', 'processorReference', 'status', 'type', 'paymentMethod', 'amount', 'chargedAmount', 'fees', 'currency',
  'narration', 'message', 'metadata', 'createdAt', 'updatedAt',
]
const MINUTE = 60_000

let server: TestServer
interface Made {
  id: string
  reference: string
}
/** Made one minute apart, in this order, on 2026-11-21 (the fake clock starts at 09:00 UTC). */
let made: Record<'charge1' | 'payout' | 'routedCharge' | 'bank', Made>
let payoutsNo: string
let liveChargeId: string

beforeAll(async () => {
  server = await startTestServer()
  payoutsNo = (await defaultAccount(server, 'payouts')).accountNo
  const make = async (path: string, body: Record<string, unknown>): Promise<Made> => {
    server.clock.advance(MINUTE)
    const response = await server.request('POST', path, { body })
    if (response.status !== 202) throw new Error(`${path}: ${JSON.stringify(response.body)}`)
    return { id: response.body.data.transactionId as string, reference: body['merchantTransactionId'] as string }
  }
  // Property values are evaluated in order, so the four are created in this order.
  made = {
    charge1: await make('/v1/mobile/charge', chargeBody({ customerId: 'cust-1' })),
    payout: await make('/v1/mobile/b2c', b2cBody({ customerId: 'cust-2' })),
    routedCharge: await make('/v1/mobile/charge', chargeBody({ shortcode: DEMO_SHORTCODE })),
    bank: await make('/v1/local-bank-transfer', bankTransferBody(payoutsNo)),
  }
  liveChargeId = (await server.request('POST', '/v1/mobile/charge', { headers: live, body: chargeBody() })).body.data.transactionId
})
afterAll(() => server.close())

async function list(query: string) {
  const response = await server.request('GET', `/v1/transactions?${query}`)
  if (response.status !== 200) throw new Error(`GET /v1/transactions?${query}: ${response.status} ${JSON.stringify(response.body)}`)
  return response.body.data as { items: { publicId: string; type: string; status: string }[]; count: number; startDate: string; endDate: string }
}
const ids = async (query: string) => (await list(query)).items.map((t) => t.publicId)
const ours = (found: string[]) => found.filter((id) => Object.values(made).some((m) => m.id === id))

describe('GET /v1/transactions', () => {
  it('lists newest first with count, and echoes startDate and endDate as given', async () => {
    const data = await list('startDate=2026-11-21&endDate=2026-11-21T23:59:59Z')
    expect(ours(data.items.map((t) => t.publicId))).toEqual([made.bank.id, made.routedCharge.id, made.payout.id, made.charge1.id])
    expect(data.count).toBe(data.items.length)
    expect(data.startDate).toBe('2026-11-21')
    expect(data.endDate).toBe('2026-11-21T23:59:59Z')
    for (const item of data.items) expect(Object.keys(item).sort()).toEqual([...SPEC_FIELDS].sort())
  })

  it('answers the page built in SQLite with the bytes JSON.stringify writes for the same envelope', async () => {
    const path = `/v1/transactions?startDate=2026-11-01&endDate=2026-11-30&limit=50`
    const response = await fetch(server.url + path, { headers: { Authorization: `Bearer ${TEST_KEY}` } })
    const text = await response.text()
    // service.call answers values (it parses the raw page), the HTTP adapter spliced the raw text in.
    const inProcess = server.service.call('transactions.list', { query: { startDate: '2026-11-01', endDate: '2026-11-30', limit: '50' } }, { bearer: TEST_KEY })
    expect((inProcess.body as { data: { count: number } }).data.count).toBeGreaterThanOrEqual(4)
    expect(text).toBe(JSON.stringify(inProcess.body))
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)))
  })

  it('keeps environments apart', async () => {
    expect(await ids(ALL_TIME)).not.toContain(liveChargeId)
  })

  it('treats a date-only endDate as the whole day and honours date-time bounds', async () => {
    expect(ours(await ids('startDate=2026-11-21&endDate=2026-11-21'))).toHaveLength(4)
    expect(await ids('startDate=2026-11-20&endDate=2026-11-20')).toEqual([])
    expect(ours(await ids('startDate=2026-11-21T09:02:30Z&endDate=2026-11-21T09:04:00Z'))).toEqual([made.bank.id, made.routedCharge.id])
    expect(ours(await ids('startDate=2026-11-21T12:02:30%2B03:00&endDate=2026-11-22'))).toEqual([made.bank.id, made.routedCharge.id])
  })

  it('requires startDate and endDate', async () => {
    for (const [query, param] of [['endDate=2026-11-21', 'startDate'], ['startDate=2026-11-21', 'endDate'], ['', 'startDate']]) {
      const response = await server.request('GET', `/v1/transactions?${query}`)
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ type: 'invalid_request_error', code: 'missing_parameter', param })
    }
  })

  it('refuses dates that are not ISO 8601 or not real days', async () => {
    for (const date of ['2026/11/21', '21-11-2026', '2026-02-30', 'yesterday', '2026-11-21T25:00:00Z', '1732179600000']) {
      const response = await server.request('GET', `/v1/transactions?startDate=${date}&endDate=2026-12-31`)
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ code: 'invalid_parameter', param: 'startDate' })
    }
  })

  it('refuses a startDate after the endDate', async () => {
    const response = await server.request('GET', '/v1/transactions?startDate=2026-11-22&endDate=2026-11-21')
    expect(response.status).toBe(400)
    expect(errorOf(response.body)).toMatchObject({ type: 'invalid_request_error', code: 'validation_error', param: 'startDate' })
  })

  it('filters by type, status, accountType, accountNo, customerId and shortcode, alone and combined', async () => {
    expect(ours(await ids(`${ALL_TIME}&type=charge`))).toEqual([made.routedCharge.id, made.charge1.id])
    expect(await ids(`${ALL_TIME}&type=transfer`)).toEqual([made.payout.id])
    expect(await ids(`${ALL_TIME}&type=bank_withdrawal`)).toEqual([made.bank.id])
    expect((await list(`${ALL_TIME}&type=bank_deposit`)).items.every((t) => t.type === 'bank_deposit' && t.status === 'completed')).toBe(true)
    expect(await ids(`${ALL_TIME}&status=pending`)).toEqual([made.bank.id, made.routedCharge.id, made.payout.id, made.charge1.id])
    expect(await ids(`${ALL_TIME}&status=failed`)).toEqual([])
    expect(await ids(`${ALL_TIME}&accountType=collections`)).toEqual([made.routedCharge.id, made.charge1.id])
    expect(ours(await ids(`${ALL_TIME}&accountType=payouts`))).toEqual([made.bank.id, made.payout.id])
    expect(ours(await ids(`${ALL_TIME}&accountNo=${payoutsNo}`))).toEqual([made.bank.id, made.payout.id])
    expect(await ids(`${ALL_TIME}&customerId=cust-1`)).toEqual([made.charge1.id])
    expect(await ids(`${ALL_TIME}&customerId=nobody`)).toEqual([])
    expect(ours(await ids(`${ALL_TIME}&shortcode=${DEMO_SHORTCODE}`))).toEqual([made.routedCharge.id])
    expect(await ids(`${ALL_TIME}&shortcode=${DEMO_SHORTCODE}&type=charge`)).toEqual([made.routedCharge.id])
    expect(await ids(`${ALL_TIME}&type=charge&status=pending&accountType=payouts`)).toEqual([])
  })

  it('refuses unknown filter values and an account that is not the caller\'s', async () => {
    for (const [query, param] of [['type=refund', 'type'], ['status=done', 'status'], ['accountType=savings', 'accountType']]) {
      const response = await server.request('GET', `/v1/transactions?${ALL_TIME}&${query}`)
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ code: 'invalid_parameter', param })
    }
    const unknownAccount = await server.request('GET', `/v1/transactions?${ALL_TIME}&accountNo=2999999999`)
    expect(unknownAccount.status).toBe(404)
    expect(errorOf(unknownAccount.body)).toMatchObject({ code: 'resource_not_found', param: 'accountNo' })
  })

  it('limits to 1-10000 results, newest first', async () => {
    expect(await ids(`${ALL_TIME}&limit=2`)).toEqual([made.bank.id, made.routedCharge.id])
    expect((await list(`${ALL_TIME}&limit=1`)).count).toBe(1)
    expect((await list(`${ALL_TIME}&limit=10000`)).count).toBeGreaterThanOrEqual(4)
    for (const limit of ['0', '10001', 'abc', '-1', '1.5', '']) {
      const response = await server.request('GET', `/v1/transactions?${ALL_TIME}&limit=${limit}`)
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ code: 'invalid_parameter', param: 'limit' })
    }
  })
})

describe('GET /v1/transactions default limit', () => {
  it('returns at most 10000 transactions when no limit is given', async () => {
    const big = await startTestServer()
    try {
      // Set up through the engine's public entry point: 10001 HTTP round trips would only slow the suite.
      for (let i = 0; i <= 10_000; i++) {
        const response = big.service.call('mobile.charge', { body: chargeBody({ amount: 1_000 }) }, { bearer: TEST_KEY })
        if (response.status !== 202) throw new Error(JSON.stringify(response.body))
      }
      const response = await big.request('GET', `/v1/transactions?${ALL_TIME}`)
      expect(response.status).toBe(200)
      expect(response.body.data.count).toBe(10_000)
      expect(response.body.data.items).toHaveLength(10_000)
    } finally {
      await big.close()
    }
  })
})

describe('GET /v1/transaction (exactly one of transactionId and merchantTransactionId)', () => {
  it('finds a transaction by either id, in the spec 2.1 shape', async () => {
    const byId = await server.request('GET', `/v1/transaction?transactionId=${made.charge1.id}`)
    const byReference = await server.request('GET', `/v1/transaction?merchantTransactionId=${made.charge1.reference}`)
    expect(byId.status).toBe(200)
    expect(byId.body.message).toBe('Transaction retrieved successfully')
    expect(byReference.body.data).toEqual(byId.body.data)
    expect(Object.keys(byId.body.data).sort()).toEqual([...SPEC_FIELDS].sort())
    expect(byId.body.data).toMatchObject({ publicId: made.charge1.id, merchantTransactionId: made.charge1.reference, createdAt: Date.UTC(2026, 10, 21, 9, 1) })
  })

  it('answers 400 with neither, 400 with both, 404 for unknown ids', async () => {
    const neither = await server.request('GET', '/v1/transaction')
    expect(neither.status).toBe(400)
    expect(errorOf(neither.body)).toMatchObject({ code: 'missing_parameter', param: 'transactionId' })
    const both = await server.request('GET', `/v1/transaction?transactionId=${made.charge1.id}&merchantTransactionId=${made.charge1.reference}`)
    expect(both.status).toBe(400)
    expect(errorOf(both.body)).toMatchObject({ code: 'validation_error', param: 'transactionId' })
    const unknownId = await server.request('GET', '/v1/transaction?transactionId=txn_unknown')
    expect(unknownId.status).toBe(404)
    expect(errorOf(unknownId.body)).toMatchObject({ type: 'not_found_error', code: 'resource_not_found', param: 'transactionId' })
    const unknownReference = await server.request('GET', '/v1/transaction?merchantTransactionId=nope')
    expect(unknownReference.status).toBe(404)
    expect(errorOf(unknownReference.body).param).toBe('merchantTransactionId')
  })
})

describe('GET /v1/transactions/{transactionId} (alternative shape)', () => {
  it('answers the alternative shape: id instead of publicId, ISO 8601 dates', async () => {
    const response = await server.request('GET', `/v1/transactions/${made.charge1.id}`)
    expect(response.status).toBe(200)
    const data = response.body.data
    expect(Object.keys(data).sort()).toEqual([...ALT_FIELDS].sort())
    expect(data).toMatchObject({
      id: made.charge1.id, merchantTransactionId: made.charge1.reference, reference: made.charge1.reference, type: 'charge',
      debitOrCredit: 'credit', chargedPhone: '+254712345678', payoutId: null, createdAt: '2026-11-21T09:01:00.000Z', stage: 'awaiting_customer',
    })
    const payout = (await server.request('GET', `/v1/transactions/${made.payout.id}`)).body.data
    expect(payout).toMatchObject({ debitOrCredit: 'debit', payoutId: made.payout.id, type: 'transfer', createdAt: '2026-11-21T09:02:00.000Z' })
  })

  it('answers 404 for an unknown id and for a live id with the test key', async () => {
    for (const id of ['txn_unknown', liveChargeId]) {
      const response = await server.request('GET', `/v1/transactions/${id}`)
      expect(response.status).toBe(404)
      expect(errorOf(response.body)).toMatchObject({ code: 'resource_not_found', param: 'transactionId' })
    }
  })
})
