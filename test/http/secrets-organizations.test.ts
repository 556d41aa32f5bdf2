import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebhookTransport } from '../../electron/service'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { ALL_TIME, bankTransferBody, chargeBody, errorOf } from './helpers'

/**
 * The isolation matrix of secrets-environments.test.ts, extended to organizations (one sandbox
 * per test worker). Each scope (organization x environment) owns a charge, accounts, a webhook event and a
 * key; every other scope (the same organization's other environment, other organizations in either
 * environment), reached by API key or by the console acting for that organization, gets 404 or a list
 * without them, and the owner's data is unchanged afterwards. Deleting one sandbox leaves the others whole.
 */
type Env = 'test' | 'live'
interface Scope {
  name: string
  organizationId: string
  env: Env
  key: string
}
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
const scopes: Scope[] = []
const owned = new Map<string, Owned>()

const asKey = (scope: Scope) => ({ authorization: `Bearer ${scope.key}`, 'idempotency-key': randomUUID() })
const asConsole = (scope: Scope) => ({ authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': scope.env, 'paydesk-organization': scope.organizationId })

beforeAll(async () => {
  server = await startTestServer({ webhookTransport: silent })
  const info = await server.request('GET', '/console/info', { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` } })
  const demo = info.body.data.organization.id as string
  scopes.push({ name: 'demo/test', organizationId: demo, env: 'test', key: TEST_KEY }, { name: 'demo/live', organizationId: demo, env: 'live', key: LIVE_KEY })
  for (const name of ['A', 'B']) {
    const created = await server.request('POST', '/console/sandboxes', { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` }, body: { name } })
    expect(created.status).toBe(201)
    const sandbox = created.body.data
    scopes.push({ name: `${name}/test`, organizationId: sandbox.id, env: 'test', key: sandbox.testKey }, { name: `${name}/live`, organizationId: sandbox.id, env: 'live', key: sandbox.liveKey })
  }
  for (const scope of scopes) {
    const body = chargeBody({ webhookUrl: 'http://127.0.0.1:9/hook', merchantTransactionId: 'same-reference-everywhere' })
    const charge = await server.request('POST', '/v1/mobile/charge', { headers: asKey(scope), body })
    expect(charge.status).toBe(202)
    const accounts = (await server.request('GET', '/v1/accounts', { headers: asKey(scope) })).body.data.items as { type: string; accountNo: string; shortcodeId: string | null }[]
    const keys = await server.request('GET', '/console/keys', { headers: asConsole(scope) })
    owned.set(scope.name, {
      chargeId: charge.body.data.transactionId, reference: 'same-reference-everywhere',
      collectionsNo: accounts.find((a) => a.type === 'collections')!.accountNo,
      payoutsNo: accounts.find((a) => a.type === 'payouts' && a.shortcodeId === null)!.accountNo,
      eventId: '', keyId: keys.body.data.items[0].id,
    })
  }
  server.clock.advance(10_000)
  await server.service.tick()
  for (const scope of scopes) {
    const events = await server.request('GET', `/console/webhooks/events?transactionId=${owned.get(scope.name)!.chargeId}`, { headers: asConsole(scope) })
    owned.get(scope.name)!.eventId = events.body.data.items[0].id
  }
})
afterAll(() => server.close())

async function view(scope: Scope) {
  const list = await server.request('GET', `/v1/transactions?${ALL_TIME}`, { headers: asKey(scope) })
  const accounts = await server.request('GET', '/v1/accounts', { headers: asKey(scope) })
  const keys = await server.request('GET', '/console/keys', { headers: asConsole(scope) })
  return { transactions: list.body.data.items, accounts: accounts.body.data.items, keys: keys.body.data.items }
}

/** Every ordered pair (owner, intruder) where the intruder is another organization, or the same one's other environment. */
const pairs = () => scopes.flatMap((owner) => scopes.filter((intruder) => intruder !== owner).map((intruder) => [owner, intruder] as const))

describe('organizations never see each other\'s data', () => {
  it('public reads by API key: 404 by id, by reference and by account; absent from lists', async () => {
    for (const [owner, intruder] of pairs()) {
      const mine = owned.get(owner.name)!
      const headers = asKey(intruder)
      for (const path of [
        `/v1/transaction?transactionId=${mine.chargeId}`, `/v1/transactions/${mine.chargeId}`,
        `/v1/balance?accountNo=${mine.collectionsNo}`, `/v1/balance?accountNo=${mine.payoutsNo}`,
      ]) {
        const response = await server.request('GET', path, { headers })
        expect(response.status, `${intruder.name} -> ${owner.name}: ${path}`).toBe(404)
        expect(errorOf(response.body).type).toBe('not_found_error')
      }
      // The same merchantTransactionId exists in every scope: each finds its own.
      const byReference = await server.request('GET', `/v1/transaction?merchantTransactionId=${mine.reference}`, { headers })
      expect(byReference.body.data.publicId).toBe(owned.get(intruder.name)!.chargeId)
      const list = await server.request('GET', `/v1/transactions?${ALL_TIME}`, { headers })
      expect(list.body.data.items.map((t: { publicId: string }) => t.publicId)).not.toContain(mine.chargeId)
      const accounts = (await server.request('GET', '/v1/accounts', { headers })).body.data.items.map((a: { accountNo: string }) => a.accountNo)
      expect(accounts).not.toContain(mine.collectionsNo)
      expect(accounts).not.toContain(mine.payoutsNo)
    }
  })

  it('public mutations by API key: reversing the charge or paying out of the float is a 404', async () => {
    for (const [owner, intruder] of pairs()) {
      const mine = owned.get(owner.name)!
      const before = await view(owner)
      expect((await server.request('POST', '/v1/mobile/reverse', { headers: asKey(intruder), body: { transactionId: mine.chargeId } })).status).toBe(404)
      expect((await server.request('POST', '/v1/local-bank-transfer', { headers: asKey(intruder), body: bankTransferBody(mine.payoutsNo) })).status).toBe(404)
      expect(await view(owner), `${intruder.name} -> ${owner.name}`).toEqual(before)
    }
  })

  it('console acting for another organization: 404 for the transaction, its event, its accounts and its key', async () => {
    for (const [owner, intruder] of pairs()) {
      const mine = owned.get(owner.name)!
      const before = await view(owner)
      const headers = asConsole(intruder)
      const refused: [string, string, unknown?][] = [
        ['GET', `/console/transactions/${mine.chargeId}`],
        ['POST', '/console/simulator/settle', { transactionId: mine.chargeId }],
        ['GET', `/console/webhooks/events/${mine.eventId}`],
        ['POST', `/console/webhooks/events/${mine.eventId}/resend`, {}],
        ['POST', '/console/funds/top-up', { accountNo: mine.payoutsNo, amount: 1_000 }],
        ['POST', `/console/keys/${mine.keyId}/revoke`],
      ]
      for (const [method, path, body] of refused) {
        const response = await server.request(method, path, { headers, body })
        expect(response.status, `${intruder.name} -> ${owner.name}: ${method} ${path}`).toBe(404)
      }
      const keys = await server.request('GET', '/console/keys', { headers })
      expect(keys.body.data.items.map((k: { id: string }) => k.id)).not.toContain(mine.keyId)
      expect(await view(owner)).toEqual(before)
    }
  })

  it('deleting one sandbox leaves every other scope exactly as it was', async () => {
    const others = scopes.filter((scope) => !scope.name.startsWith('B/'))
    const before = await Promise.all(others.map(view))
    const b = scopes.find((scope) => scope.name === 'B/test')!
    expect((await server.request('DELETE', `/console/sandboxes/${b.organizationId}`, { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` } })).status).toBe(200)
    expect(await Promise.all(others.map(view))).toEqual(before)
    expect((await server.request('GET', '/v1/accounts', { headers: asKey(b) })).status).toBe(401)
  })
})
