import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { ALL_TIME, b2cBody, bearer, chargeBody, createOrganization, errorOf, live } from './helpers'

/**
 * The reversal rules that need no simulated outcome. Reversing completed and settled charges (and the
 * second-reversal 409) is proven with the simulator in test/service.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const reverse = (body: unknown, headers: Record<string, string> = {}) => server.request('POST', '/v1/mobile/reverse', { body, headers })

async function expectRefused(body: unknown, status: number, code: string, message?: RegExp, headers: Record<string, string> = {}) {
  const response = await reverse(body, headers)
  expect(response.status).toBe(status)
  const error = errorOf(response.body)
  expect(error.code).toBe(code)
  expect(error.param).toBe('transactionId')
  if (message) expect(error.message).toMatch(message)
}

describe('POST /v1/mobile/reverse refusals', () => {
  it('requires transactionId', async () => {
    await expectRefused({ narration: 'oops' }, 400, 'missing_parameter')
  })

  it('answers 404 for an unknown transaction, another organization\'s and the other environment\'s', async () => {
    await expectRefused({ transactionId: 'txn_doesnotexist' }, 404, 'resource_not_found')
    const other = bearer((await createOrganization(server, 'Someone Else')).testKey)
    const theirs = await server.request('POST', '/v1/mobile/charge', { headers: other, body: chargeBody() })
    await expectRefused({ transactionId: theirs.body.data.transactionId }, 404, 'resource_not_found')
    const mine = await server.request('POST', '/v1/mobile/charge', { body: chargeBody() })
    await expectRefused({ transactionId: mine.body.data.transactionId }, 404, 'resource_not_found', undefined, { ...live, 'idempotency-key': randomUUID() })
  })

  it('answers 400 validation_error for anything but a charge', async () => {
    const payout = await server.request('POST', '/v1/mobile/b2c', { body: b2cBody() })
    await expectRefused({ transactionId: payout.body.data.transactionId }, 400, 'validation_error', /Only mobile-money charges/)
    const list = await server.request('GET', `/v1/transactions?${ALL_TIME}&type=bank_deposit`)
    const deposit = list.body.data.items[0].publicId as string
    await expectRefused({ transactionId: deposit }, 400, 'validation_error', /bank_deposit/)
  })

  it('answers 400 validation_error for a charge that is still pending', async () => {
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody() })
    await expectRefused({ transactionId: charge.body.data.transactionId }, 400, 'validation_error', /pending/)
  })

  it('validates the body: narration at most 140 characters, no partial amount', async () => {
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody() })
    const longNarration = await reverse({ transactionId: charge.body.data.transactionId, narration: 'n'.repeat(141) })
    expect(errorOf(longNarration.body)).toMatchObject({ code: 'invalid_parameter', param: 'narration' })
    const partial = await reverse({ transactionId: charge.body.data.transactionId, amount: 500 })
    expect(errorOf(partial.body)).toMatchObject({ code: 'invalid_parameter', param: 'amount' })
  })

  it('moves no money when refused', async () => {
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })
})
