import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebhookTransport } from '../../electron/service'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { ALL_TIME, bankTransferBody, chargeBody, consoleAuth, defaultAccount, errorOf } from './helpers'

/**
 * Test and live data never mix (DECISIONS "Environments and keys"): for each environment's charge,
 * accounts and webhook event, every read route and every mutation reached with the other environment's
 * key (or the console switched to the other environment) answers 404 or leaves it out of a list, and the
 * owner's data is unchanged afterwards.
 */
type Env = 'test' | 'live'
const KEYS: Record<Env, string> = { test: TEST_KEY, live: LIVE_KEY }
const other = (env: Env): Env => (env === 'test' ? 'live' : 'test')

interface Owned {
  chargeId: string
  reference: string
  collectionsNo: string
  payoutsNo: string
  eventId: string
  keyId: string
}

const silent: WebhookTransport = async () => ({ status: 200, bodyPrefix: '' })
let server: TestServer
const owned = {} as Record<Env, Owned>

const as = (env: Env, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${KEYS[env]}`, 'idempotency-key': randomUUID(), ...extra })

beforeAll(async () => {
  server = await startTestServer({ webhookTransport: silent })
  for (const env of ['test', 'live'] as const) {
    const body = chargeBody({ webhookUrl: 'http://127.0.0.1:9/hook' })
    const charge = await server.request('POST', '/v1/mobile/charge', { headers: as(env), body })
    expect(charge.status).toBe(202)
    const keys = await server.request('GET', '/console/keys', { headers: consoleAuth(env) })
    owned[env] = {
      chargeId: charge.body.data.transactionId, reference: String(body['merchantTransactionId']),
      collectionsNo: (await defaultAccount(server, 'collections', as(env))).accountNo, payoutsNo: (await defaultAccount(server, 'payouts', as(env))).accountNo,
      eventId: '', keyId: keys.body.data.items[0].id,
    }
  }
  server.clock.advance(10_000)
  await server.service.tick()
  for (const env of ['test', 'live'] as const) {
    const events = await server.request('GET', `/console/webhooks/events?transactionId=${owned[env].chargeId}`, { headers: consoleAuth(env) })
    owned[env].eventId = events.body.data.items[0].id
  }
})
afterAll(() => server.close())

/** What the owner sees of its own data; must be identical before and after the other environment's attempts. */
async function snapshot(env: Env) {
  const list = await server.request('GET', `/v1/transactions?${ALL_TIME}`, { headers: as(env) })
  const accounts = await server.request('GET', '/v1/accounts', { headers: as(env) })
  const keys = await server.request('GET', '/console/keys', { headers: consoleAuth(env) })
  return { transactions: list.body.data.items, accounts: accounts.body.data.items, keys: keys.body.data.items }
}

describe.each(['test', 'live'] as const)('%s data, reached from the other environment', (env) => {
  const them = () => other(env)
  const mine = () => owned[env]

  it('public reads: 404 by id, by merchantTransactionId, in the alternative shape and by account; absent from lists', async () => {
    const headers = as(them())
    for (const path of [
      `/v1/transaction?transactionId=${mine().chargeId}`, `/v1/transaction?merchantTransactionId=${mine().reference}`, `/v1/transactions/${mine().chargeId}`,
      `/v1/balance?accountNo=${mine().collectionsNo}`, `/v1/balance?accountNo=${mine().payoutsNo}`,
    ]) {
      const response = await server.request('GET', path, { headers })
      expect(response.status, path).toBe(404)
      expect(errorOf(response.body).type).toBe('not_found_error')
    }
    const list = await server.request('GET', `/v1/transactions?${ALL_TIME}`, { headers })
    expect(list.body.data.items.map((t: { publicId: string }) => t.publicId)).not.toContain(mine().chargeId)
    const accounts = await server.request('GET', '/v1/accounts', { headers })
    expect(accounts.body.data.items.map((a: { accountNo: string }) => a.accountNo)).not.toEqual(expect.arrayContaining([mine().collectionsNo]))
    expect(accounts.body.data.items.map((a: { accountNo: string }) => a.accountNo)).not.toContain(mine().payoutsNo)
  })

  it('public mutations: reversing the charge or paying out of the float is a 404; reusing the reference is a separate transaction', async () => {
    const before = await snapshot(env)
    // as() gives each request its own Idempotency-Key (required for live reversals and bank transfers).
    const reversal = await server.request('POST', '/v1/mobile/reverse', { headers: as(them()), body: { transactionId: mine().chargeId } })
    expect(reversal.status).toBe(404)
    const transfer = await server.request('POST', '/v1/local-bank-transfer', { headers: as(them()), body: bankTransferBody(mine().payoutsNo) })
    expect(transfer.status).toBe(404)
    const sameReference = await server.request('POST', '/v1/mobile/charge', { headers: as(them()), body: chargeBody({ merchantTransactionId: mine().reference }) })
    expect(sameReference.status).toBe(202)
    expect(sameReference.body.data.transactionId).not.toBe(mine().chargeId)
    expect(await snapshot(env)).toEqual(before)
  })

  it('an API key keeps its own environment whatever Paydesk-Environment says', async () => {
    const response = await server.request('GET', `/v1/transaction?transactionId=${mine().chargeId}`, { headers: as(them(), { 'paydesk-environment': env }) })
    expect(response.status).toBe(404)
  })

  it('console routes in the other environment: 404 for the transaction, its event, its accounts and its key; absent from lists', async () => {
    const before = await snapshot(env)
    const headers = consoleAuth(them())
    const refused: [string, string, unknown?][] = [
      ['GET', `/console/transactions/${mine().chargeId}`],
      ['POST', '/console/simulator/settle', { transactionId: mine().chargeId }],
      ['POST', `/console/prompts/${mine().chargeId}/answer`, { answer: 'approve' }],
      ['GET', `/console/webhooks/events/${mine().eventId}`],
      ['POST', `/console/webhooks/events/${mine().eventId}/resend`, {}],
      ['POST', '/console/funds/top-up', { accountNo: mine().payoutsNo, amount: 1_000 }],
      ['POST', '/console/funds/sweep', { amount: 100, fromAccountNo: mine().collectionsNo }],
      ['POST', '/console/funds/sweep', { amount: 100, toAccountNo: mine().payoutsNo }],
      ['POST', `/console/keys/${mine().keyId}/revoke`],
    ]
    for (const [method, path, body] of refused) {
      const response = await server.request(method, path, { headers, body })
      expect(response.status, `${method} ${path}`).toBe(404)
    }
    const events = await server.request('GET', `/console/webhooks/events?transactionId=${mine().chargeId}`, { headers })
    expect(events.body.data.items).toEqual([])
    const keys = await server.request('GET', '/console/keys', { headers })
    expect(keys.body.data.items.map((k: { id: string }) => k.id)).not.toContain(mine().keyId)
    // A sandbox reset of the other environment leaves this one alone.
    expect((await server.request('POST', '/console/simulator/reset', { headers })).status).toBe(200)
    expect(await snapshot(env)).toEqual(before)
    expect((await server.request('GET', '/v1/accounts', { headers: as(env) })).status).toBe(200)
  })
})

describe('the console token', () => {
  it('reaches /v1 data only in the environment the console is switched to; API keys are never console credentials', async () => {
    expect((await server.request('GET', '/console/info', { headers: { authorization: `Bearer ${TEST_KEY}` } })).status).toBe(403)
    // (The resets above erased the earlier charges: a fresh one.)
    const charge = await server.request('POST', '/v1/mobile/charge', { headers: as('test'), body: chargeBody() })
    const viaToken = await server.request('GET', `/v1/transaction?transactionId=${charge.body.data.transactionId}`, { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` } })
    // The console acts for the demo organization in its chosen environment (test by default): it may read test data.
    expect(viaToken.status).toBe(200)
    const liveViaToken = await server.request('GET', `/v1/transaction?transactionId=${charge.body.data.transactionId}`, { headers: consoleAuth('live') })
    expect(liveViaToken.status).toBe(404)
  })
})
