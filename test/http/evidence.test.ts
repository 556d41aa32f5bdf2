import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEFAULT_TARIFF, computeFee } from '../../shared/fees'
import { LATEST_API_VERSION } from '../../shared/api/api-versions'
import { EvidenceBundleSchema } from '../../shared/schemas/evidence'
import { providerSignature, standardSignature } from '../../electron/service/webhooks/signing'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, WEBHOOK_SECRET, startTestServer, type TestServer } from '../support/harness'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'
import { chargeBody, consoleAuth, defaultAccount } from './helpers'

let server: TestServer
let hook: WebhookReceiver
beforeAll(async () => {
  server = await startTestServer()
  hook = await startWebhookReceiver()
})
afterAll(async () => {
  await hook.close()
  await server.close()
})

const evidence = (id: string) => server.request('GET', `/console/transactions/${id}/evidence`, { headers: consoleAuth() })
async function advance(ms: number) {
  server.clock.advance(ms)
  await server.service.tick()
}
/** The secret's id as a receiver computes it from the secret it holds. */
const idOf = (secret: string) => `wsid_${createHash('sha256').update(secret).digest('hex').slice(0, 16)}`

/** A charge that completed, then was reversed (the reversal completed too), with webhooks delivered to `hook`. */
async function reversedCharge(): Promise<{ chargeId: string; reversalId: string; amount: number; idempotencyKey: string }> {
  const amount = 50_000
  const idempotencyKey = crypto.randomUUID()
  const before = hook.requests.length
  const charge = await server.request('POST', '/v1/mobile/charge', {
    body: chargeBody({ amount, webhookUrl: hook.url, forceStatus: 'success' }),
    headers: { 'idempotency-key': idempotencyKey },
  })
  const chargeId = charge.body.data.transactionId as string
  await advance(3_000)
  const reversal = await server.request('POST', '/v1/mobile/reverse', { body: { transactionId: chargeId, narration: 'Customer refund' } })
  expect(reversal.status).toBe(202)
  await advance(10_000)
  await hook.waitForRequests(before + 2)
  return { chargeId, reversalId: reversal.body.data.transactionId as string, amount, idempotencyKey }
}

describe('GET /console/transactions/{id}/evidence', () => {
  it('holds a reversed charge\'s whole story, field by field, with a SHA-256 of the whole', async () => {
    const { chargeId, reversalId, amount, idempotencyKey } = await reversedCharge()
    // Attempts are recorded in their own unit once the receiver answered.
    const bundle = await vi.waitFor(async () => {
      const data = (await evidence(chargeId)).body
      expect(data.webhooks.events.flatMap((e: { deliveries: { attempts: unknown[] }[] }) => e.deliveries.flatMap((d) => d.attempts))).toHaveLength(2)
      return data
    })
    expect(EvidenceBundleSchema.parse(bundle)).toEqual(bundle)
    expect(bundle.format).toBe('paydesk.evidence/1')
    expect(bundle.environment).toBe('test')
    expect(bundle.organizationId).toBe(server.service.startup.demoOrganizationId)
    expect(bundle.transaction).toEqual((await server.request('GET', `/v1/transaction?transactionId=${chargeId}`)).body.data)
    // A reversed charge stays settled; its reversal is the transaction that completed.
    expect(bundle.transaction.status).toBe('settled')
    expect(bundle.accountNo).toBe((await defaultAccount(server, 'collections')).accountNo)
    expect(bundle.timeline.map((entry: { status: string }) => entry.status)).toEqual(['pending', 'completed', 'settled'])
    expect(bundle.postings.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0)).toBe(0)
    expect(bundle.related).toHaveLength(1)
    expect(bundle.related[0].transaction).toMatchObject({ publicId: reversalId, type: 'reversal', status: 'completed', amount })
    expect(bundle.related[0].timeline.map((entry: { status: string }) => entry.status)).toEqual(['pending', 'completed'])

    // Webhooks: both events, each attempt with the headers and body as sent, signed by the secret named by id.
    expect(bundle.webhooks.signingSecretIds).toEqual({ current: idOf(WEBHOOK_SECRET), previous: null })
    expect(bundle.webhooks.events.map((e: { type: string }) => e.type)).toEqual(['transaction.succeeded', 'transaction.reversed'])
    for (const event of bundle.webhooks.events) {
      expect(event.transactionId).toBe(chargeId)
      const [delivery] = event.deliveries
      expect(delivery).toMatchObject({ url: hook.url, target: 'request', status: 'succeeded' })
      const [attempt] = delivery.attempts
      expect(attempt).toMatchObject({ attemptNo: 1, responseStatus: 200, error: null, faults: [] })
      expect(attempt.sent.body).toBe(event.body)
      expect(attempt.sent.secretIds).toEqual([idOf(WEBHOOK_SECRET)])
      const headers = attempt.sent.headers
      expect(headers['webhook-id']).toBe(event.id)
      const t = Number(headers['webhook-timestamp'])
      expect(headers['x-webhook-signature']).toBe(`t=${t},v1=${providerSignature(WEBHOOK_SECRET, t, event.body)}`)
      expect(headers['webhook-signature']).toBe(`v1,${standardSignature(WEBHOOK_SECRET, event.id, t, event.body)}`)
      // The receiver got exactly these bytes and headers.
      const received = hook.requests.find((request) => request.headers['webhook-id'] === event.id)!
      expect(received.body).toBe(event.body)
      expect(received.headers['x-webhook-signature']).toBe(headers['x-webhook-signature'])
    }

    // Requests: the charge and the reversal as logged, credentials redacted.
    expect(bundle.requests.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toEqual(['POST /v1/mobile/charge', 'POST /v1/mobile/reverse'])
    expect(bundle.requests[0]).toMatchObject({ transactionId: chargeId, status: 202, idempotencyKey })
    expect(bundle.requests[1]).toMatchObject({ transactionId: reversalId, status: 202 })
    expect(bundle.requests[0].requestHeaders.authorization).toMatch(/^Bearer sk_test_.{4}…/)
    expect(JSON.parse(bundle.requests[0].requestBody)).toMatchObject({ amount, webhookUrl: hook.url })

    expect(bundle.approvals).toEqual([])
    expect(bundle.audit).toEqual([])
    expect(bundle.feeTariff).toEqual({ fee: computeFee(DEFAULT_TARIFF, 'charge', amount), tariff: DEFAULT_TARIFF, changedSince: false })
    expect(bundle.apiRelease).toEqual({ version: LATEST_API_VERSION, source: 'request' })

    const { sha256, ...rest } = bundle
    expect(sha256).toBe(createHash('sha256').update(JSON.stringify(rest)).digest('hex'))
  })

  it('is a download over HTTP (the document itself), names console actions in the audit, and says when the tariff changed', async () => {
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ amount: 20_000 }) })
    const id = charge.body.data.transactionId as string
    await server.request('POST', `/console/prompts/${id}/answer`, { headers: consoleAuth(), body: { answer: 'approve' } })
    await server.request('PUT', '/console/fees', { headers: consoleAuth(), body: { ...DEFAULT_TARIFF, charge: { basisPoints: 100, maxFeeMinor: 5_000 } } })
    const response = await fetch(`${server.url}/console/transactions/${id}/evidence`, { headers: consoleAuth() })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="evidence-${id}.json"`)
    const bundle = (await response.json()) as { transaction: { publicId: string }; feeTariff: { changedSince: boolean }; sha256: string }
    expect(bundle.transaction.publicId).toBe(id)
    expect(bundle.feeTariff.changedSince).toBe(true)
    // In process (the IPC handler's path) the same document is the envelope's data.
    const inProcess = server.service.call('console.transactions.evidence', { params: { transactionId: id } }, { bearer: CONSOLE_TOKEN })
    expect(inProcess.status).toBe(200)
    expect((inProcess.body as { data: unknown }).data).toEqual(bundle)
    await server.request('PUT', '/console/fees', { headers: consoleAuth(), body: DEFAULT_TARIFF })
  })

  it('names the secret that really signed each attempt and the bytes really sent, under the fault lab', async () => {
    const faulty = await startWebhookReceiver()
    const dropping = await startWebhookReceiver()
    const setFaults = (url: string, faults: Record<string, unknown>) => server.request('PUT', '/console/faults/webhooks', { headers: consoleAuth(), body: { url, faults } })
    try {
      expect((await setFaults(faulty.url, { wrongSecret: true, tamper: true })).status).toBe(200)
      expect((await setFaults(dropping.url, { drop: { attempts: 1 } })).status).toBe(200)
      const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ webhookUrl: faulty.url, forceStatus: 'success' }) })
      const dropped = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ webhookUrl: dropping.url, forceStatus: 'success' }) })
      await advance(3_000)
      const [received] = await faulty.waitForRequests(1)
      const attemptOf = async (id: string) => vi.waitFor(async () => {
        const attempt = (await evidence(id)).body.webhooks.events[0].deliveries[0].attempts[0]
        expect(attempt).toBeDefined()
        return attempt
      })
      const attempt = await attemptOf(charge.body.data.transactionId)
      expect(attempt.faults).toEqual(expect.arrayContaining(['tamper', 'wrong-secret']))
      // The made-up secret that signed it is named by its id, which matches none of the endpoint's.
      expect(attempt.sent.secretIds).toEqual([expect.stringMatching(/^wsid_[0-9a-f]{16}$/)])
      expect(attempt.sent.secretIds[0]).not.toBe(idOf(WEBHOOK_SECRET))
      // The altered bytes, as the receiver got them, under the headers it got.
      expect(attempt.sent.body).toBe(received!.body)
      expect(attempt.sent.body).not.toBe((await evidence(charge.body.data.transactionId)).body.webhooks.events[0].body)
      expect(attempt.sent.headers['x-webhook-signature']).toBe(received!.headers['x-webhook-signature'])
      // A dropped attempt sent nothing.
      expect(await attemptOf(dropped.body.data.transactionId)).toMatchObject({ sent: null, faults: ['drop'] })
      expect(dropping.requests).toHaveLength(0)
    } finally {
      await server.request('POST', '/console/faults/clear', { headers: consoleAuth() })
      await faulty.close()
      await dropping.close()
    }
  })

  it('answers errors in the envelope: 404 for an unknown id, 403 to an API key', async () => {
    const unknown = await evidence('txn_nothing_here')
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toMatchObject({ code: 'resource_not_found', param: 'transactionId' })
    const withKey = await server.request('GET', '/console/transactions/txn_nothing_here/evidence')
    expect(withKey.status).toBe(403)
  })

  it('never carries a secret: API keys, the console token or the webhook secret, whole or in part', async () => {
    const { chargeId } = await reversedCharge()
    const text = JSON.stringify((await evidence(chargeId)).body)
    for (const secret of [TEST_KEY, LIVE_KEY, CONSOLE_TOKEN, WEBHOOK_SECRET]) {
      const random = secret.replace(/^(sk_(test|live)_|whsec_|pdc_)/, '')
      for (let i = 0; i + 12 <= random.length; i++) expect(text).not.toContain(random.slice(i, i + 12))
    }
  })
})
