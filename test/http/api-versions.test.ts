import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN, TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { ALL_TIME, DEMO_SHORTCODE, bearer, chargeBody, consoleAuth, createOrganization, defaultAccount, errorOf } from './helpers'

/** Pinned API releases (spec section 9; docs/api.md "API releases"). */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const v = (version: string, extra: Record<string, string> = {}) => ({ 'paydesk-api-version': version, ...extra })

describe('Paydesk-Api-Version', () => {
  it('every response names its release: the newest by default, the requested one otherwise, errors and adapter errors included', async () => {
    expect((await server.request('GET', '/v1/accounts')).headers.get('paydesk-api-version')).toBe('1.0.2')
    expect((await server.request('GET', '/v1/accounts', { headers: v('1.0.0') })).headers.get('paydesk-api-version')).toBe('1.0.0')
    expect((await server.request('GET', '/v1/balance', { headers: v('1.0.1') })).headers.get('paydesk-api-version')).toBe('1.0.1')
    expect((await server.request('GET', '/v1/nowhere')).headers.get('paydesk-api-version')).toBe('1.0.2')
    expect((await server.request('GET', '/v1/accounts', { headers: { authorization: '' } })).headers.get('paydesk-api-version')).toBe('1.0.2')
  })

  it('an unknown release is 400 invalid_parameter naming the header, and changes nothing', async () => {
    for (const bad of ['2.0.0', '1.0', 'latest', '1.0.2 ']) {
      const response = await server.request('POST', '/v1/mobile/charge', { headers: v(bad), body: chargeBody() })
      if (bad === '1.0.2 ') {
        // HTTP strips a header value's surrounding whitespace: this one is 1.0.2.
        expect(response.status).toBe(202)
        continue
      }
      expect(response.status, bad).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ type: 'invalid_request_error', code: 'invalid_parameter', param: 'Paydesk-Api-Version' })
      expect(response.headers.get('paydesk-api-version')).toBe('1.0.2')
    }
  })

  it('an empty release (or only spaces, which HTTP strips) is 400 as documented, not the default', async () => {
    for (const empty of ['', '   ']) {
      const body = chargeBody()
      const response = await server.request('POST', '/v1/mobile/charge', { headers: v(empty), body })
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ type: 'invalid_request_error', code: 'invalid_parameter', param: 'Paydesk-Api-Version' })
      expect(errorOf(response.body).message).toMatch(/must be one of 1\.0\.0, 1\.0\.1, 1\.0\.2 \(got ""\)/)
      expect(response.headers.get('paydesk-api-version')).toBe('1.0.2')
      // Nothing was done under it.
      const lookup = await server.request('GET', `/v1/transaction?merchantTransactionId=${body.merchantTransactionId}`)
      expect(lookup.status).toBe(404)
    }
    // A GET too, and whatever release the key is pinned to.
    expect((await server.request('GET', '/v1/accounts', { headers: v('') })).status).toBe(400)
  })
})

describe('release 1.0.0', () => {
  it('answers the legacy GET /v1/balance?account=collections|payouts with that type\'s default account', async () => {
    for (const type of ['collections', 'payouts'] as const) {
      const expected = await defaultAccount(server, type)
      const legacy = await server.request('GET', `/v1/balance?account=${type}`, { headers: v('1.0.0') })
      expect(legacy.status).toBe(200)
      expect(legacy.body.data).toMatchObject({ account: type, accountNo: expected.accountNo, available: expected.available })
    }
    const bad = await server.request('GET', '/v1/balance?account=savings', { headers: v('1.0.0') })
    expect(errorOf(bad.body)).toMatchObject({ code: 'invalid_parameter', param: 'account' })
    const none = await server.request('GET', '/v1/balance', { headers: v('1.0.0') })
    expect(errorOf(none.body)).toMatchObject({ code: 'missing_parameter', param: 'account' })
    // accountNo still works and wins.
    const payouts = await defaultAccount(server, 'payouts')
    const both = await server.request('GET', `/v1/balance?account=collections&accountNo=${payouts.accountNo}`, { headers: v('1.0.0') })
    expect(both.body.data.accountNo).toBe(payouts.accountNo)
  })

  it('knows no scope filter on accounts and no shortcode filter on transactions (ignored like any unknown parameter)', async () => {
    const all = await server.request('GET', '/v1/accounts', { headers: v('1.0.0') })
    const scoped = await server.request('GET', '/v1/accounts?scope=shortcode', { headers: v('1.0.0') })
    expect(scoped.body.data.items).toEqual(all.body.data.items)
    expect(all.body.data.items.some((a: { shortcodeId: string | null }) => a.shortcodeId === null)).toBe(true)
    await server.request('POST', '/v1/mobile/charge', { body: chargeBody() })
    const unfiltered = await server.request('GET', `/v1/transactions?${ALL_TIME}`, { headers: v('1.0.0') })
    const filtered = await server.request('GET', `/v1/transactions?${ALL_TIME}&shortcode=${DEMO_SHORTCODE}`, { headers: v('1.0.0') })
    expect(filtered.body.data.count).toBe(unfiltered.body.data.count)
    // Under 1.0.2 the same shortcode filter narrows the list.
    const newest = await server.request('GET', `/v1/transactions?${ALL_TIME}&shortcode=${DEMO_SHORTCODE}`)
    expect(newest.body.data.count).toBeLessThan(unfiltered.body.data.count)
  })

  it('a shortcode on transactions is not an enterprise field in 1.0.0, so a non-enterprise organization is not refused', async () => {
    const org = await createOrganization(server, 'Plain Ltd', false)
    const newest = await server.request('GET', `/v1/transactions?${ALL_TIME}&shortcode=${DEMO_SHORTCODE}`, { headers: bearer(org.testKey) })
    expect(newest.status).toBe(403)
    const legacy = await server.request('GET', `/v1/transactions?${ALL_TIME}&shortcode=${DEMO_SHORTCODE}`, { headers: { ...bearer(org.testKey), ...v('1.0.0') } })
    expect(legacy.status).toBe(200)
  })
})

describe('release 1.0.1', () => {
  it('requires accountNo (a legacy-only balance query is 400) and knows no scope; it has the shortcode filter', async () => {
    const legacy = await server.request('GET', '/v1/balance?account=collections', { headers: v('1.0.1') })
    expect(legacy.status).toBe(400)
    expect(errorOf(legacy.body)).toMatchObject({ code: 'missing_parameter', param: 'accountNo' })
    const all = await server.request('GET', '/v1/accounts', { headers: v('1.0.1') })
    expect((await server.request('GET', '/v1/accounts?scope=default', { headers: v('1.0.1') })).body.data.items).toEqual(all.body.data.items)
    const unfiltered = await server.request('GET', `/v1/transactions?${ALL_TIME}`, { headers: v('1.0.1') })
    const filtered = await server.request('GET', `/v1/transactions?${ALL_TIME}&shortcode=${DEMO_SHORTCODE}`, { headers: v('1.0.1') })
    expect(filtered.body.data.count).toBeLessThan(unfiltered.body.data.count)
  })
})

describe('release 1.0.2 (the newest, the default)', () => {
  it('filters accounts by scope and refuses a legacy-only balance query', async () => {
    const all = await server.request('GET', '/v1/accounts')
    const scoped = await server.request('GET', '/v1/accounts?scope=shortcode', { headers: v('1.0.2') })
    expect(scoped.body.data.items.length).toBeLessThan(all.body.data.items.length)
    expect(scoped.body.data.items.every((a: { shortcodeId: string | null }) => a.shortcodeId !== null)).toBe(true)
    expect((await server.request('GET', '/v1/balance?account=payouts')).status).toBe(400)
  })
})

describe('an API key pinned to a release', () => {
  it('serves the key\'s requests under its release unless the header says otherwise; the console shows and changes the pin', async () => {
    const created = await server.request('POST', '/console/keys', { headers: consoleAuth(), body: { label: 'legacy client', apiVersion: '1.0.0' } })
    expect(created.status).toBe(201)
    expect(created.body.data.apiVersion).toBe('1.0.0')
    const key = created.body.data.key as string
    const legacy = await server.request('GET', '/v1/balance?account=payouts', { headers: bearer(key) })
    expect(legacy.status).toBe(200)
    expect(legacy.headers.get('paydesk-api-version')).toBe('1.0.0')
    expect((await server.request('GET', '/v1/balance?account=payouts', { headers: { ...bearer(key), ...v('1.0.2') } })).status).toBe(400)
    // Other keys are not affected.
    expect((await server.request('GET', '/v1/balance?account=payouts', { headers: bearer(TEST_KEY) })).status).toBe(400)

    const listed = await server.request('GET', '/console/keys', { headers: consoleAuth() })
    const row = listed.body.data.items.find((k: { id: string }) => k.id === created.body.data.id)
    expect(row.apiVersion).toBe('1.0.0')
    expect(listed.body.data.items.find((k: { id: string }) => k.id !== created.body.data.id).apiVersion).toBeNull()

    const repinned = await server.request('PUT', `/console/keys/${row.id}/api-version`, { headers: consoleAuth(), body: { apiVersion: '1.0.1' } })
    expect(repinned.status).toBe(200)
    expect(repinned.body.data.apiVersion).toBe('1.0.1')
    const now = await server.request('GET', '/v1/balance?account=payouts', { headers: bearer(key) })
    expect(now.status).toBe(400)
    expect(now.headers.get('paydesk-api-version')).toBe('1.0.1')
    const unpinned = await server.request('PUT', `/console/keys/${row.id}/api-version`, { headers: consoleAuth(), body: { apiVersion: null } })
    expect(unpinned.body.data.apiVersion).toBeNull()
    expect((await server.request('GET', '/v1/accounts', { headers: bearer(key) })).headers.get('paydesk-api-version')).toBe('1.0.2')
  })

  it('refuses an unknown release, another environment\'s key and an API key as credential', async () => {
    const keys = await server.request('GET', '/console/keys', { headers: consoleAuth() })
    const id = keys.body.data.items[0].id
    const bad = await server.request('PUT', `/console/keys/${id}/api-version`, { headers: consoleAuth(), body: { apiVersion: '0.9.0' } })
    expect(bad.status).toBe(400)
    expect(errorOf(bad.body).param).toBe('apiVersion')
    expect((await server.request('PUT', `/console/keys/${id}/api-version`, { headers: consoleAuth('live'), body: { apiVersion: '1.0.0' } })).status).toBe(404)
    expect((await server.request('PUT', `/console/keys/${id}/api-version`, { body: { apiVersion: '1.0.0' } })).status).toBe(403)
    expect((await server.request('PUT', `/console/keys/${id}/api-version`, { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` }, body: {} })).status).toBe(400)
  })
})
