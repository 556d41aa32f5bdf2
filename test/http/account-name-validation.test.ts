import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseScenarioText } from '../../electron/service/scenario/parse'
import { ScenarioFlowSchema } from '../../shared/schemas/scenario-flow'
import { startTestServer, type TestServer } from '../support/harness'
import { consoleAuth, errorOf, DEMO_SHORTCODE } from './helpers'

/** GET /v1/account-name-validation over real HTTP (DECISIONS "Account-name validation"). */

const SCENARIO = [
  'organization: { name: Duka Payroll }',
  'customers:',
  '  - { phoneNumber: "0722000111", name: JANE WAMBUI }',
  '  - { phoneNumber: "0722000222", name: Peter Otieno, status: blocked }',
  '  - { phoneNumber: "0722000333", name: Ghost Number, status: unregistered }',
  '  - { phoneNumber: "0722000444" }',
].join('\n')

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ rateLimitPerMinute: 0, scenario: { scenario: parseScenarioText(SCENARIO, 'names.yaml', ScenarioFlowSchema), fingerprint: 'names' } })
})
afterAll(() => server.close())

const validate = (query: string) => server.request('GET', `/v1/account-name-validation?${query}`)
const mobile = (phone: string) => validate(`country=KE&accountType=mobile_mobile&accountId=${encodeURIComponent(phone)}`)

describe('mobile numbers', () => {
  it('a simulated customer answers with its registered name (scenario file)', async () => {
    const response = await mobile('0722000111')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      status: 'success', message: 'Account validated',
      data: { found: true, accountId: '+254722000111', accountName: 'JANE WAMBUI', accountType: 'mobile_mobile', freezeStatus: '0', restrictStatus: '0', errorMessage: null },
    })
  })

  it('a blocked customer is found but restricted; an unregistered one is not found', async () => {
    expect((await mobile('254722000222')).body.data).toMatchObject({ found: true, accountName: 'Peter Otieno', restrictStatus: '1', freezeStatus: '0' })
    expect((await mobile('+254722000333')).body.data).toEqual({
      found: false, accountId: '+254722000333', accountName: null, accountType: 'mobile_mobile', freezeStatus: '0', restrictStatus: '0',
      errorMessage: 'Account does not exist.',
    })
  })

  it('a phone with no customer (or a customer without a name) gets a stable Kenyan name, the same in every spelling', async () => {
    const first = (await mobile('0733123456')).body.data
    expect(first).toMatchObject({ found: true, restrictStatus: '0' })
    expect(first.accountName).toMatch(/^[A-Z']+ [A-Z']+$/)
    expect((await mobile('+254733123456')).body.data.accountName).toBe(first.accountName)
    expect((await mobile('254733123456')).body.data.accountName).toBe(first.accountName)
    const other = await Promise.all(['0733123457', '0733123458', '0733123459', '0733123460'].map(async (phone) => (await mobile(phone)).body.data.accountName))
    expect(new Set([first.accountName, ...other]).size).toBeGreaterThan(1)
    expect((await mobile('0722000444')).body.data.accountName).toMatch(/^[A-Z']+ [A-Z']+$/)
  })

  it('a name given on the Customers screen (/console/customers) is what the check answers from then on', async () => {
    const put = await server.request('PUT', '/console/customers/0799888777', { headers: consoleAuth(), body: { name: 'AMINA HASSAN' } })
    expect(put.status).toBe(200)
    expect((await mobile('0799888777')).body.data.accountName).toBe('AMINA HASSAN')
    await server.request('PUT', '/console/customers/0799888777', { headers: consoleAuth(), body: { status: 'unregistered' } })
    expect((await mobile('0799888777')).body.data.found).toBe(false)
  })
})

describe('tills, paybills and bank accounts', () => {
  it('tills and paybills have business names; a shortcode of the sandbox answers with its organization', async () => {
    const till = (await validate('country=KE&accountType=mobile_till&accountId=555123')).body.data
    expect(till).toMatchObject({ found: true, accountType: 'mobile_till', accountId: '555123' })
    expect(till.accountName).toMatch(/^[A-Z' ]+$/)
    expect((await validate('country=KE&accountType=mobile_till&accountId=555123')).body.data.accountName).toBe(till.accountName)
    const own = await validate(`country=KE&accountType=mobile_paybill&accountId=${DEMO_SHORTCODE}`)
    expect(own.status).toBe(200)
    expect(own.body.data.found).toBe(true)
    expect(typeof own.body.data.accountName).toBe('string')
  })

  it('bank accounts have names; instantbank needs a known bankCode; a repeated-digit number does not exist', async () => {
    const bank = await validate('country=KE&accountType=instantbank&accountId=1234567890&bankCode=01')
    expect(bank.status).toBe(200)
    expect(bank.body.data).toMatchObject({ found: true, accountType: 'instantbank', accountId: '1234567890', errorMessage: null })
    expect((await validate('country=KE&accountType=partnerbank&accountId=ACC-778899')).body.data.found).toBe(true)
    expect((await validate('country=KE&accountType=instantbank&accountId=0000000000&bankCode=01')).body.data).toMatchObject({ found: false, accountName: null, errorMessage: 'Account does not exist.' })
    expect((await validate('country=KE&accountType=mobile_till&accountId=99999')).body.data.found).toBe(false)
  })

  it('a partner-bank account of the sandbox answers with the account name', async () => {
    const accounts = (await server.request('GET', '/v1/accounts')).body.data.items as { accountNo: string; name: string }[]
    const response = await validate(`country=KE&accountType=partnerbank&accountId=${accounts[0]!.accountNo}`)
    expect(response.body.data).toMatchObject({ found: true, accountName: accounts[0]!.name })
  })
})

describe('bad requests are 400 in the usual envelope', () => {
  it.each([
    ['accountType=mobile_mobile&accountId=0712345678', 'missing_parameter', 'country'],
    ['country=KE&accountId=0712345678', 'missing_parameter', 'accountType'],
    ['country=KE&accountType=mobile_mobile', 'missing_parameter', 'accountId'],
    ['country=KE&accountType=instantbank&accountId=1234567890', 'missing_parameter', 'bankCode'],
    ['country=KE&accountType=instantbank&accountId=1234567890&bankCode=XYZ', 'invalid_parameter', 'bankCode'],
    ['country=KE&accountType=mobile_mobile&accountId=0712345678&bankCode=01', 'invalid_parameter', 'bankCode'],
    ['country=KE&accountType=mobile_mobile&accountId=12345', 'invalid_parameter', 'accountId'],
    ['country=KE&accountType=mobile_till&accountId=12AB', 'invalid_parameter', 'accountId'],
    ['country=KE&accountType=mpesa_mobile&accountId=0712345678', 'invalid_parameter', 'accountType'],
    ['country=UG&accountType=mobile_mobile&accountId=0712345678', 'invalid_parameter', 'country'],
  ])('%s -> %s (%s)', async (query, code, param) => {
    const response = await validate(query)
    expect(response.status).toBe(400)
    expect(errorOf(response.body)).toMatchObject({ type: 'invalid_request_error', code, param })
  })

  it('needs an API key like every public route', async () => {
    const response = await server.request('GET', '/v1/account-name-validation?country=KE&accountType=mobile_mobile&accountId=0712345678', { headers: { authorization: '' } })
    expect(response.status).toBe(401)
  })
})

describe('as every public route', () => {
  it('is in the request log', async () => {
    const response = await mobile('0722000111')
    const requestId = response.headers.get('x-request-id')!
    const entry = await server.request('GET', `/console/requests/${requestId}`, { headers: consoleAuth() })
    expect(entry.status).toBe(200)
    expect(entry.body.data).toMatchObject({ method: 'GET', path: '/v1/account-name-validation', status: 200 })
  })

  it('is rate limited', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 2 })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) statuses.push((await limited.request('GET', '/v1/account-name-validation?country=KE&accountType=mobile_mobile&accountId=0712345678')).status)
      expect(statuses).toEqual([200, 200, 429])
    } finally {
      await limited.close()
    }
  })
})
