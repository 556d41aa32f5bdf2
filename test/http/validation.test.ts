import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { b2bBody, chargeBody, errorOf } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function postCharge(body: unknown) {
  return server.request('POST', '/v1/mobile/charge', { body })
}

/** Every error answer has exactly this envelope, and echoes the response's X-Request-Id. */
function expectError(response: { status: number; body: unknown; headers: Headers }, status: number, code: string, param: string | null) {
  expect(response.status).toBe(status)
  expect(Object.keys(response.body as object)).toEqual(['error'])
  const error = errorOf(response.body)
  expect(Object.keys(error).sort()).toEqual(['code', 'message', 'param', 'requestId', 'type'])
  expect(error.code).toBe(code)
  expect(error.param).toBe(param)
  expect(error.message.length).toBeGreaterThan(10)
  expect(error.requestId).toMatch(/^req_/)
  expect(error.requestId).toBe(response.headers.get('x-request-id'))
  return error
}

describe('the error envelope of invalid requests', () => {
  it('reports a missing required field as missing_parameter naming it', async () => {
    const { phoneNumber: _omitted, ...body } = chargeBody()
    const error = expectError(await postCharge(body), 400, 'missing_parameter', 'phoneNumber')
    expect(error.type).toBe('invalid_request_error')
    expect(error.message).toBe('phoneNumber is required.')
  })

  it('reports a bad value as invalid_parameter naming the field and the rule', async () => {
    const error = expectError(await postCharge(chargeBody({ amount: 'ten' })), 400, 'invalid_parameter', 'amount')
    expect(error.type).toBe('invalid_request_error')
    expect(error.message).toMatch(/^amount must be an integer/)
  })

  it('refuses an unknown field, because a silently ignored typo is the bug a sandbox should catch', async () => {
    const { amount, ...rest } = chargeBody()
    const error = expectError(await postCharge({ ...rest, ammount: amount, amount }), 400, 'invalid_parameter', 'ammount')
    expect(error.message).toMatch(/Unknown field ammount/)
  })

  it('reports missing fields before bad ones, so a client fixes requests in a predictable order', async () => {
    const { merchantTransactionId: _omitted, ...body } = chargeBody({ amount: -5, phoneNumber: 'nope' })
    expectError(await postCharge(body), 400, 'missing_parameter', 'merchantTransactionId')
  })

  it('names nested fields with a dotted path', async () => {
    const badEmail = chargeBody({ metadata: { subMerchantDetails: { name: 'Shop', email: 'not-an-email' } } })
    expectError(await postCharge(badEmail), 400, 'invalid_parameter', 'metadata.subMerchantDetails.email')
    const badRisk = chargeBody({ metadata: { subMerchantDetails: { riskLevel: 'extreme' } } })
    expectError(await postCharge(badRisk), 400, 'invalid_parameter', 'metadata.subMerchantDetails.riskLevel')
    const unknownInside = chargeBody({ metadata: { subMerchantDetails: { name: 'Shop', website: 'x' } } })
    const error = expectError(await postCharge(unknownInside), 400, 'invalid_parameter', 'metadata.subMerchantDetails.website')
    expect(error.message).toMatch(/Unknown field metadata\.subMerchantDetails\.website/)
  })

  it('refuses a body that is not a JSON object', async () => {
    for (const body of [[], 'text', 42, null]) {
      const error = expectError(await postCharge(body), 400, 'invalid_parameter', null)
      expect(error.message).toMatch(/JSON object/)
    }
  })

  it('refuses a POST without a body', async () => {
    const response = await server.request('POST', '/v1/mobile/charge', { headers: { 'content-type': 'application/json' } })
    const error = expectError(response, 400, 'invalid_parameter', null)
    expect(error.message).toMatch(/JSON object/)
  })

  it('validates query parameters the same way', async () => {
    expectError(await server.request('GET', '/v1/transactions?startDate=2026-01-01&endDate=2026-12-31&limit=abc'), 400, 'invalid_parameter', 'limit')
    expectError(await server.request('GET', '/v1/transactions?endDate=2026-12-31'), 400, 'missing_parameter', 'startDate')
  })

  it('refuses a query parameter given twice', async () => {
    const error = expectError(await server.request('GET', '/v1/transactions?startDate=2026-01-01&endDate=2026-12-31&limit=1&limit=2'), 400, 'invalid_parameter', 'limit')
    expect(error.message).toMatch(/once/)
  })

  it('validates path parameters', async () => {
    expectError(await server.request('GET', `/v1/transactions/${'x'.repeat(65)}`), 400, 'invalid_parameter', 'transactionId')
  })
})

describe('shared field rules (phone, merchantTransactionId, narration, webhookUrl, metadata)', () => {
  it('accepts the three phone spellings and stores +254…', async () => {
    for (const phoneNumber of ['+254712345678', '254712345678', '0712345678', '0112345678']) {
      const response = await postCharge(chargeBody({ phoneNumber }))
      expect(response.status).toBe(202)
      const stored = await server.request('GET', `/v1/transaction?transactionId=${response.body.data.transactionId}`)
      expect(stored.body.data.phoneNumber).toBe(`+254${phoneNumber.slice(-9)}`)
    }
  })

  it('refuses phones that are not Kenyan mobile numbers', async () => {
    for (const phoneNumber of ['0812345678', '+255712345678', '07123456789', '071234567', '+254 712 345 678', 712345678]) {
      expectError(await postCharge(chargeBody({ phoneNumber })), 400, 'invalid_parameter', 'phoneNumber')
    }
  })

  it('checks merchantTransactionId: 1-64 letters, digits, dot, underscore, hyphen', async () => {
    expect((await postCharge(chargeBody({ merchantTransactionId: `A.b_c-${'9'.repeat(58)}` }))).status).toBe(202)
    for (const merchantTransactionId of ['', 'has space', 'x'.repeat(65), 'émoji', 'a/b']) {
      expectError(await postCharge(chargeBody({ merchantTransactionId })), 400, 'invalid_parameter', 'merchantTransactionId')
    }
  })

  it('allows a narration of 140 characters and refuses 141', async () => {
    expect((await postCharge(chargeBody({ narration: 'n'.repeat(140) }))).status).toBe(202)
    const error = expectError(await postCharge(chargeBody({ narration: 'n'.repeat(141) })), 400, 'invalid_parameter', 'narration')
    expect(error.message).toMatch(/140/)
  })

  it('accepts only absolute http(s) webhook URLs', async () => {
    expect((await postCharge(chargeBody({ webhookUrl: 'https://example.com/hooks' }))).status).toBe(202)
    for (const webhookUrl of ['ftp://example.com', '/relative', 'not a url']) {
      expectError(await postCharge(chargeBody({ webhookUrl })), 400, 'invalid_parameter', 'webhookUrl')
    }
  })

  it('keeps metadata small: 20 flat keys with short values, echoed on the transaction', async () => {
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i % 2 === 0 ? `v${i}` : i]))
    const ok = await postCharge(chargeBody({ metadata: twenty }))
    expect(ok.status).toBe(202)
    const stored = await server.request('GET', `/v1/transaction?transactionId=${ok.body.data.transactionId}`)
    expect(stored.body.data.metadata).toEqual(twenty)

    expectError(await postCharge(chargeBody({ metadata: { ...twenty, k20: 'one too many' } })), 400, 'invalid_parameter', 'metadata')
    expectError(await postCharge(chargeBody({ metadata: { note: 'x'.repeat(501) } })), 400, 'invalid_parameter', 'metadata.note')
    expectError(await postCharge(chargeBody({ metadata: { nested: { deep: true } } })), 400, 'invalid_parameter', 'metadata.nested')
    expectError(await postCharge(chargeBody({ metadata: { 'bad key': 1 } })), 400, 'invalid_parameter', 'metadata.bad key')
    expectError(await postCharge(chargeBody({ metadata: ['a'] })), 400, 'invalid_parameter', 'metadata')
  })

  it('requires beneficiary for a paybill B2B and names it as missing', async () => {
    const response = await server.request('POST', '/v1/mobile/b2b', { body: b2bBody({ accountNumberType: 'paybill' }) })
    expectError(response, 400, 'missing_parameter', 'beneficiary')
  })
})
