import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { ALL_TIME, DEMO_SHORTCODE, accounts, b2bBody, b2cBody, balanceOf, bearer, chargeBody, createOrganization, errorOf } from './helpers'

let server: TestServer
let plain: Record<string, string>
let enterpriseWithoutShortcode: Record<string, string>
beforeAll(async () => {
  server = await startTestServer()
  plain = bearer((await createOrganization(server, 'Corner Shop', false)).testKey)
  enterpriseWithoutShortcode = bearer((await createOrganization(server, 'Aggregator Ltd', true)).testKey)
})
afterAll(() => server.close())

const ENDPOINTS = [
  ['/v1/mobile/charge', chargeBody],
  ['/v1/mobile/b2c', b2cBody],
  ['/v1/mobile/b2b', b2bBody],
] as const

const subMerchantDetails = { name: 'Mama Mboga', email: 'shop@example.com', riskLevel: 'low' }

function expectForbidden(response: { status: number; body: unknown }, param: string, message: RegExp) {
  expect(response.status).toBe(403)
  const error = errorOf(response.body)
  expect(error).toMatchObject({ type: 'authentication_error', code: 'forbidden', param })
  expect(error.message).toMatch(message)
}

describe('enterprise fields from a non-enterprise organization', () => {
  for (const [path, body] of ENDPOINTS) {
    it(`${path}: refuses shortcode, subMerchantId and metadata.subMerchantDetails with 403`, async () => {
      expect((await server.request('POST', path, { headers: plain, body: body() })).status).toBe(202)
      expectForbidden(await server.request('POST', path, { headers: plain, body: body({ shortcode: DEMO_SHORTCODE }) }), 'shortcode', /enterprise/)
      expectForbidden(await server.request('POST', path, { headers: plain, body: body({ subMerchantId: 'sub-1' }) }), 'subMerchantId', /enterprise/)
      expectForbidden(
        await server.request('POST', path, { headers: plain, body: body({ metadata: { order: 'A1', subMerchantDetails } }) }),
        'metadata.subMerchantDetails', /enterprise/,
      )
    })
  }

  it('refuses the transactions list shortcode filter with 403', async () => {
    expectForbidden(await server.request('GET', `/v1/transactions?${ALL_TIME}&shortcode=${DEMO_SHORTCODE}`, { headers: plain }), 'shortcode', /enterprise/)
  })

  it('validates the body before checking enterprise rights (400 wins over 403)', async () => {
    const response = await server.request('POST', '/v1/mobile/charge', { headers: plain, body: chargeBody({ shortcode: 'abc' }) })
    expect(response.status).toBe(400)
    expect(errorOf(response.body).param).toBe('shortcode')
  })

  it('checks enterprise rights before the Idempotency-Key, and never stores the refusal under it', async () => {
    const key = randomUUID()
    const refused = await server.request('POST', '/v1/mobile/charge', { headers: { ...plain, 'idempotency-key': key }, body: chargeBody({ shortcode: DEMO_SHORTCODE }) })
    expect(refused.status).toBe(403)
    const accepted = await server.request('POST', '/v1/mobile/charge', { headers: { ...plain, 'idempotency-key': key }, body: chargeBody() })
    expect(accepted.status).toBe(202)
    const refusedAgain = await server.request('POST', '/v1/mobile/charge', { headers: { ...plain, 'idempotency-key': key }, body: chargeBody({ subMerchantId: 's' }) })
    expect(refusedAgain.status).toBe(403)
  })
})

describe('shortcodes must belong to the caller', () => {
  it('refuses a shortcode nobody owns and another organization\'s shortcode', async () => {
    expectForbidden(await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ shortcode: '600999' }) }), 'shortcode', /does not belong/)
    expectForbidden(
      await server.request('POST', '/v1/mobile/b2c', { headers: enterpriseWithoutShortcode, body: b2cBody({ shortcode: DEMO_SHORTCODE }) }),
      'shortcode', /does not belong/,
    )
    expectForbidden(await server.request('GET', `/v1/transactions?${ALL_TIME}&shortcode=600999`), 'shortcode', /does not belong/)
  })

  it('lets an enterprise organization without a shortcode send sub-merchant fields', async () => {
    const response = await server.request('POST', '/v1/mobile/charge', { headers: enterpriseWithoutShortcode, body: chargeBody({ subMerchantId: 'sub-9', metadata: { subMerchantDetails } }) })
    expect(response.status).toBe(202)
  })
})

describe('enterprise routing for the demo organization (shortcode 600100)', () => {
  it('echoes subMerchantId and subMerchantDetails on the transaction', async () => {
    const response = await server.request('POST', '/v1/mobile/charge', {
      body: chargeBody({ shortcode: DEMO_SHORTCODE, subMerchantId: 'sub-42', metadata: { order: 'A7', subMerchantDetails } }),
    })
    expect(response.status).toBe(202)
    const stored = await server.request('GET', `/v1/transaction?transactionId=${response.body.data.transactionId}`)
    expect(stored.body.data).toMatchObject({ subMerchantId: 'sub-42', subMerchantDetails, metadata: { order: 'A7', subMerchantDetails } })
  })

  it('funds a b2c with a shortcode from the payouts account in shortcode scope', async () => {
    const scoped = (await accounts(server)).find((a) => a.type === 'payouts' && a.shortcodeId === DEMO_SHORTCODE)!
    const unscoped = (await accounts(server)).find((a) => a.type === 'payouts' && a.shortcodeId === null)!
    const [scopedBefore, unscopedBefore] = [await balanceOf(server, scoped.accountNo), await balanceOf(server, unscoped.accountNo)]
    const body = b2cBody({ shortcode: DEMO_SHORTCODE, amount: 100_000 })
    expect((await server.request('POST', '/v1/mobile/b2c', { body })).status).toBe(202)
    const scopedAfter = await balanceOf(server, scoped.accountNo)
    expect(scopedBefore.available - scopedAfter.available).toBeGreaterThanOrEqual(100_000)
    expect(scopedAfter.pending - scopedBefore.pending).toBe(scopedBefore.available - scopedAfter.available)
    expect(await balanceOf(server, unscoped.accountNo)).toEqual(unscopedBefore)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })

  it('filters the transactions list by its own shortcode', async () => {
    const routed = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ shortcode: DEMO_SHORTCODE }) })
    const unrouted = await server.request('POST', '/v1/mobile/charge', { body: chargeBody() })
    const list = await server.request('GET', `/v1/transactions?${ALL_TIME}&shortcode=${DEMO_SHORTCODE}`)
    expect(list.status).toBe(200)
    const ids = (list.body.data.items as { publicId: string }[]).map((t) => t.publicId)
    expect(ids).toContain(routed.body.data.transactionId)
    expect(ids).not.toContain(unrouted.body.data.transactionId)
  })
})
