import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { DEMO_SHORTCODE, type AccountView, accounts, b2cBody, defaultAccount, errorOf, live } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const numbersOf = (items: AccountView[]) => items.map((a) => a.accountNo).sort()

describe('GET /v1/accounts', () => {
  it('lists the non-system accounts with the spec 2.3 fields', async () => {
    const response = await server.request('GET', '/v1/accounts')
    expect(response.status).toBe(200)
    expect(response.body.message).toBe('Accounts retrieved successfully')
    const items = response.body.data.items as Record<string, unknown>[]
    expect(items.map((a) => a['type']).sort()).toEqual(['collections', 'payouts', 'payouts'])
    for (const account of items) {
      expect(account).toMatchObject({ currency: 'KES', status: 'active', hostType: 'own', accountNo: expect.stringMatching(/^\d{10}$/) })
      expect(account['available']).toEqual(expect.any(Number))
      expect(account['pending']).toEqual(expect.any(Number))
      expect(typeof account['default']).toBe('boolean')
      expect(typeof account['name']).toBe('string')
      expect(account).not.toHaveProperty('bankName')
    }
  })

  it('numbers the demo accounts deterministically on a fresh database (the README relies on it)', async () => {
    const items = await accounts(server)
    const find = (type: string, shortcodeId: string | null) => items.find((a) => a.type === type && a.shortcodeId === shortcodeId)?.accountNo
    expect(find('collections', null)).toBe('2100000001')
    expect(find('payouts', null)).toBe('2200000002')
    expect(find('payouts', DEMO_SHORTCODE)).toBe('2200000005')
  })

  it('shows bank details only on live payout accounts', async () => {
    const liveItems = (await server.request('GET', '/v1/accounts', { headers: live })).body.data.items as Record<string, unknown>[]
    for (const account of liveItems) {
      if (account['type'] === 'payouts') {
        expect(account).toMatchObject({ bankName: expect.any(String), bankCode: expect.any(String), branchCode: expect.any(String), swiftCode: expect.any(String) })
      } else {
        expect(account).not.toHaveProperty('bankName')
      }
    }
  })

  it('filters by type and by scope, and combines both (v1.0.2)', async () => {
    const all = await accounts(server)
    const query = async (q: string) => (await server.request('GET', `/v1/accounts?${q}`)).body.data.items as AccountView[]
    expect(numbersOf(await query('type=payouts'))).toEqual(numbersOf(all.filter((a) => a.type === 'payouts')))
    expect(numbersOf(await query('type=collections'))).toEqual(numbersOf(all.filter((a) => a.type === 'collections')))
    expect(numbersOf(await query('scope=default'))).toEqual(numbersOf(all.filter((a) => a.shortcodeId === null)))
    expect(numbersOf(await query('scope=shortcode'))).toEqual(numbersOf(all.filter((a) => a.shortcodeId !== null)))
    const scopedPayouts = await query('type=payouts&scope=shortcode')
    expect(scopedPayouts).toHaveLength(1)
    expect(scopedPayouts[0]!.shortcodeId).toBe(DEMO_SHORTCODE)
    expect(await query('type=collections&scope=shortcode')).toEqual([])
  })

  it('refuses unknown filter values', async () => {
    for (const [q, param] of [['type=savings', 'type'], ['scope=all', 'scope']]) {
      const response = await server.request('GET', `/v1/accounts?${q}`)
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ code: 'invalid_parameter', param })
    }
  })
})

describe('GET /v1/balance (v1.0.1 rules)', () => {
  it('answers the spec 2.4 shape for an accountNo', async () => {
    const payouts = await defaultAccount(server, 'payouts')
    const response = await server.request('GET', `/v1/balance?accountNo=${payouts.accountNo}`)
    expect(response.status).toBe(200)
    expect(response.body.message).toBe('Balance retrieved successfully')
    const balance = response.body.data
    expect(balance).toMatchObject({ account: 'payouts', currency: 'KES', accountNo: payouts.accountNo, available: payouts.available, pending: payouts.pending })
    expect(balance.balance).toBe(balance.available)
    expect(new Date(balance.updatedAt).toISOString()).toBe(balance.updatedAt)
  })

  it('follows money: a payout lowers available and raises pending', async () => {
    const payouts = await defaultAccount(server, 'payouts')
    expect((await server.request('POST', '/v1/mobile/b2c', { body: b2cBody({ amount: 50_000 }) })).status).toBe(202)
    const after = (await server.request('GET', `/v1/balance?accountNo=${payouts.accountNo}`)).body.data
    expect(after.available).toBeLessThan(payouts.available)
    expect(after.pending).toBeGreaterThan(payouts.pending)
    expect(after.available + after.pending).toBe(payouts.available + payouts.pending)
  })

  it('refuses a request without accountNo, even with the legacy account parameter', async () => {
    for (const q of ['', '?account=collections', '?account=payouts&foo=bar']) {
      const response = await server.request('GET', `/v1/balance${q}`)
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ type: 'invalid_request_error', code: 'missing_parameter', param: 'accountNo' })
    }
    const legacy = await server.request('GET', '/v1/balance?account=collections')
    expect(errorOf(legacy.body).message).toMatch(/legacy/)
  })

  it('lets accountNo win when both accountNo and the legacy account are sent', async () => {
    const collections = await defaultAccount(server, 'collections')
    const response = await server.request('GET', `/v1/balance?account=payouts&accountNo=${collections.accountNo}`)
    expect(response.status).toBe(200)
    expect(response.body.data).toMatchObject({ account: 'collections', accountNo: collections.accountNo })
  })

  it('answers 404 for an unknown account, a system account and another environment\'s account', async () => {
    const liveAccount = await defaultAccount(server, 'collections', live)
    for (const accountNo of ['2999999999', '2800000003', liveAccount.accountNo]) {
      const response = await server.request('GET', `/v1/balance?accountNo=${accountNo}`)
      expect(response.status).toBe(404)
      expect(errorOf(response.body)).toMatchObject({ type: 'not_found_error', code: 'resource_not_found', param: 'accountNo' })
    }
  })
})

describe('GET /v1/local-bank-codes', () => {
  it('lists the Kenyan bank codes for country=KE', async () => {
    const response = await server.request('GET', '/v1/local-bank-codes?country=KE')
    expect(response.status).toBe(200)
    const banks = response.body.data as { bankCode: string; bankName: string }[]
    expect(banks.length).toBeGreaterThan(10)
    expect(banks).toContainEqual({ bankCode: '01', bankName: 'Kenya Commercial Bank' })
    for (const bank of banks) expect(Object.keys(bank).sort()).toEqual(['bankCode', 'bankName'])
  })

  it('accepts the country code in any letter case', async () => {
    const upper = await server.request('GET', '/v1/local-bank-codes?country=KE')
    const lower = await server.request('GET', '/v1/local-bank-codes?country=ke')
    expect(lower.status).toBe(200)
    expect(lower.body.data).toEqual(upper.body.data)
  })

  it('refuses other countries with 400 invalid_parameter on country', async () => {
    for (const country of ['UG', 'TZ', 'KEN', 'K1']) {
      const response = await server.request('GET', `/v1/local-bank-codes?country=${country}`)
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ type: 'invalid_request_error', code: 'invalid_parameter', param: 'country' })
    }
  })

  it('requires country', async () => {
    const response = await server.request('GET', '/v1/local-bank-codes')
    expect(response.status).toBe(400)
    expect(errorOf(response.body)).toMatchObject({ code: 'missing_parameter', param: 'country' })
  })
})
