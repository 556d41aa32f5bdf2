import { afterAll, beforeAll, expect, it } from 'vitest'
import { SETTINGS } from '../../electron/service/db/settings-registry'
import { signatureHeaders } from '../../electron/service/webhooks/signing'
import { CONSOLE_TOKEN, WEBHOOK_SECRET } from '../support/harness'
import { PROVIDER_KEY, startUpstreamPair, type UpstreamPair } from '../support/upstream-pair'
import { chargeBody } from './helpers'

/**
 * A hint is stored before it is answered and stays queued while the provider cannot be read: the hosts'
 * tick reads it again once the retry delay passed (as it would after a restart), and the mirror follows.
 */
let pair: UpstreamPair
const providerConsole = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' }

beforeAll(async () => {
  pair = await startUpstreamPair({ upstream: { pollSeconds: 3600, webhook: { url: 'https://paydesk.example.com/upstream/webhooks', secret: WEBHOOK_SECRET } } })
  expect(await pair.sync()).toMatchObject({ status: 'done' })
})
afterAll(async () => {
  await pair?.close()
})

function storedHints() {
  const [row] = pair.paydesk.service.internals.store.upstream.all()
  return pair.paydesk.service.internals.store.settings.get(SETTINGS.upstreamHints(`${row!.organization_id}.${row!.environment}`))
}

async function until(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await done()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`gave up waiting for ${what}`)
}

async function transactionGets(transactionId: string): Promise<number[]> {
  const page = await pair.provider.request('GET', '/console/requests?path=/v1/transaction&limit=200', { headers: providerConsole })
  return (page.body.data.items as { path: string; query: string; status: number }[])
    .filter((item) => item.path === '/v1/transaction' && item.query === `?transactionId=${transactionId}`).map((item) => item.status)
}

it('a hint the provider cannot answer yet is kept queued, and read by the tick once the retry delay passed', async () => {
  const created = await pair.provider.request('POST', '/v1/mobile/charge', { headers: { authorization: `Bearer ${PROVIDER_KEY}` }, body: chargeBody() })
  const transactionId = created.body.data.transactionId as string
  const fault = await pair.provider.request('PUT', '/console/faults/api', { headers: providerConsole, body: { scope: 'transactions.get', faults: { errorRate: { rate: 1, status: 503 } } } })
  expect(fault.status, JSON.stringify(fault.body)).toBe(200)

  const t = Math.floor(pair.paydesk.clock.now() / 1000)
  const body = JSON.stringify({ id: 'evt_queued0001', type: 'transaction.succeeded', created: t, data: { id: transactionId } })
  const answer = await fetch(`${pair.paydesk.url}/upstream/webhooks`, {
    method: 'POST', headers: { ...signatureHeaders({ eventId: 'evt_queued0001', timestampSeconds: t, body, secrets: [WEBHOOK_SECRET] }), 'content-type': 'application/json' }, body,
  })
  expect(answer.status).toBe(200)
  // Stored when answered; its read fails (503) and leaves it queued, the mirror without the row.
  expect(storedHints().map((hint) => hint.eventId)).toEqual(['evt_queued0001'])
  await until('the failed read', async () => (await transactionGets(transactionId)).includes(503))
  expect(storedHints()[0]!.doneAt).toBeNull()
  expect((await pair.console('GET', `/v1/transaction?transactionId=${transactionId}`)).status).toBe(404)

  expect((await pair.provider.request('POST', '/console/faults/clear', { headers: providerConsole })).status).toBe(200)
  await pair.paydesk.service.tick()
  expect(await transactionGets(transactionId)).toEqual([503])
  await pair.advance(31_000)
  await pair.paydesk.service.tick()
  await until('the hint to be read', () => storedHints()[0]!.doneAt !== null)
  expect((await transactionGets(transactionId)).sort()).toEqual([200, 503])
  const mirrored = await pair.console('GET', `/v1/transaction?transactionId=${transactionId}`)
  expect(mirrored.status).toBe(200)
  expect(mirrored.body.data.publicId).toBe(transactionId)
})
