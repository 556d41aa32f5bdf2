import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { ALL_TIME, accounts, bearer, chargeBody, consoleAuth, errorOf, live } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

function expectUnauthorized(response: { status: number; body: unknown; headers: Headers }, message: RegExp) {
  expect(response.status).toBe(401)
  const error = errorOf(response.body)
  expect(error).toMatchObject({ type: 'authentication_error', code: 'unauthorized', param: null })
  expect(error.message).toMatch(message)
  expect(error.requestId).toBe(response.headers.get('x-request-id'))
}

describe('bearer authentication', () => {
  it('refuses a request without an Authorization header', async () => {
    const response = await server.request('GET', '/v1/accounts', { headers: { authorization: '' } })
    expectUnauthorized(response, /No API key provided.*Authorization: Bearer/)
  })

  it('refuses a non-Bearer scheme and a Bearer header without a token', async () => {
    expectUnauthorized(await server.request('GET', '/v1/accounts', { headers: { authorization: `Basic ${TEST_KEY}` } }), /No API key/)
    expectUnauthorized(await server.request('GET', '/v1/accounts', { headers: { authorization: 'Bearer ' } }), /No API key/)
  })

  it('accepts the scheme in any letter case', async () => {
    const response = await server.request('GET', '/v1/accounts', { headers: { authorization: `bearer ${TEST_KEY}` } })
    expect(response.status).toBe(200)
  })

  it('refuses a well-formed key that does not exist and a malformed one', async () => {
    expectUnauthorized(await server.request('GET', '/v1/accounts', { headers: bearer('sk_test_doesnotexist000000000001') }), /Invalid API key/)
    expectUnauthorized(await server.request('GET', '/v1/accounts', { headers: bearer('sk_prod_abcdefghijkl') }), /Invalid API key/)
    expectUnauthorized(await server.request('GET', '/v1/accounts', { headers: bearer('not a key at all') }), /Invalid API key/)
  })

  it('refuses a key once it is revoked in the console', async () => {
    const created = await server.request('POST', '/console/keys', { headers: consoleAuth('test'), body: { label: 'to revoke' } })
    expect(created.status).toBe(201)
    const key = created.body.data.key as string
    expect(key).toMatch(/^sk_test_/)
    expect((await server.request('GET', '/v1/accounts', { headers: bearer(key) })).status).toBe(200)

    const revoked = await server.request('POST', `/console/keys/${created.body.data.id}/revoke`, { headers: consoleAuth('test') })
    expect(revoked.status).toBe(200)
    expect(revoked.body.data.revokedAt).toEqual(expect.any(Number))
    expectUnauthorized(await server.request('GET', '/v1/accounts', { headers: bearer(key) }), /revoked/)
  })

  it('answers 401 before looking at the body, the query or the Idempotency-Key', async () => {
    const response = await server.request('POST', '/v1/mobile/charge', {
      headers: { authorization: '', 'idempotency-key': 'not-a-uuid' },
      body: { nonsense: true },
    })
    expectUnauthorized(response, /No API key/)
  })
})

describe('test and live environments', () => {
  it('gives each environment its own accounts', async () => {
    const testNumbers = (await accounts(server)).map((a) => a.accountNo)
    const liveNumbers = (await accounts(server, live)).map((a) => a.accountNo)
    expect(testNumbers.length).toBeGreaterThan(0)
    expect(liveNumbers.length).toBe(testNumbers.length)
    expect(liveNumbers.filter((n) => testNumbers.includes(n))).toEqual([])
  })

  it('never shows a test charge to the live key, nor a live charge to the test key', async () => {
    const testCharge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody() })
    const liveCharge = await server.request('POST', '/v1/mobile/charge', { headers: live, body: chargeBody() })
    expect(testCharge.status).toBe(202)
    expect(liveCharge.status).toBe(202)
    const testId = testCharge.body.data.transactionId as string
    const liveId = liveCharge.body.data.transactionId as string

    expect((await server.request('GET', `/v1/transaction?transactionId=${testId}`)).status).toBe(200)
    expect((await server.request('GET', `/v1/transaction?transactionId=${testId}`, { headers: live })).status).toBe(404)
    expect((await server.request('GET', `/v1/transactions/${testId}`, { headers: live })).status).toBe(404)
    const byReference = await server.request('GET', `/v1/transaction?merchantTransactionId=${testCharge.body.data.merchantTransactionId}`, { headers: live })
    expect(byReference.status).toBe(404)
    expect((await server.request('GET', `/v1/transaction?transactionId=${liveId}`)).status).toBe(404)

    const liveList = await server.request('GET', `/v1/transactions?${ALL_TIME}`, { headers: live })
    const testList = await server.request('GET', `/v1/transactions?${ALL_TIME}`)
    const liveIds = (liveList.body.data.items as { publicId: string }[]).map((t) => t.publicId)
    const testIds = (testList.body.data.items as { publicId: string }[]).map((t) => t.publicId)
    expect(liveIds).toContain(liveId)
    expect(liveIds).not.toContain(testId)
    expect(testIds).toContain(testId)
    expect(testIds).not.toContain(liveId)
  })

  it('refuses the other environment\'s account number as not found', async () => {
    const liveAccount = (await accounts(server, live))[0]!
    const response = await server.request('GET', `/v1/balance?accountNo=${liveAccount.accountNo}`)
    expect(response.status).toBe(404)
    expect(errorOf(response.body)).toMatchObject({ type: 'not_found_error', code: 'resource_not_found', param: 'accountNo' })
  })

  it('lets an API key fix its environment whatever Paydesk-Environment says', async () => {
    const testNumbers = (await accounts(server)).map((a) => a.accountNo)
    const withHeader = (await accounts(server, { 'paydesk-environment': 'live' })).map((a) => a.accountNo)
    expect(withHeader).toEqual(testNumbers)
  })

  it('lets the console token choose the environment with Paydesk-Environment', async () => {
    const liveNumbers = (await accounts(server, live)).map((a) => a.accountNo)
    expect((await accounts(server, consoleAuth('live'))).map((a) => a.accountNo)).toEqual(liveNumbers)
    expect((await accounts(server, bearer(CONSOLE_TOKEN))).map((a) => a.accountNo)).toEqual((await accounts(server)).map((a) => a.accountNo))
    const bad = await server.request('GET', '/v1/accounts', { headers: { ...bearer(CONSOLE_TOKEN), 'paydesk-environment': 'prod' } })
    expect(bad.status).toBe(400)
    expect(errorOf(bad.body)).toMatchObject({ code: 'invalid_parameter', param: 'Paydesk-Environment' })
  })

  it('keeps the live key working alongside the test key', async () => {
    expect((await server.request('GET', '/v1/accounts', { headers: bearer(LIVE_KEY) })).status).toBe(200)
  })
})
