import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_TARIFF } from '../../shared/fees'
import { startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { acknowledgingTransport } from '../support/simulator-driver'
import { balanceOf, chargeBody, consoleAuth, defaultAccount, errorOf, live } from './helpers'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function start(): Promise<TestServer> {
  server = await startTestServer({ webhookTransport: acknowledgingTransport })
  return server
}

describe('console simulator routes over HTTP', () => {
  it('need the console token: an API key gets 403', async () => {
    const s = await start()
    for (const [method, path] of [['GET', '/console/simulator'], ['POST', '/console/simulator/reset'], ['GET', '/console/prompts'], ['GET', '/console/fees']] as const) {
      const response = await s.request(method, path)
      expect(response.status, `${method} ${path}`).toBe(403)
      expect(errorOf(response.body).code).toBe('forbidden')
    }
  })

  it('read and change the simulator: mode, pause, settlement delay and the clock', async () => {
    const s = await start()
    const initial = await s.request('GET', '/console/simulator', { headers: consoleAuth() })
    expect(initial.status).toBe(200)
    expect(initial.body.data).toEqual({ mode: 'fast', paused: false, now: s.clock.now(), clockOffsetMs: 0, settlementDelayMs: 10_000 })
    const updated = await s.request('PUT', '/console/simulator', { headers: consoleAuth(), body: { mode: 'interactive', paused: true, settlementDelayMs: 60_000 } })
    expect(updated.body.data).toMatchObject({ mode: 'interactive', paused: true, settlementDelayMs: 60_000 })
    const advanced = await s.request('POST', '/console/simulator/advance', { headers: consoleAuth(), body: { ms: 3_600_000 } })
    expect(advanced.body.data).toMatchObject({ clockOffsetMs: 3_600_000, now: s.clock.now() + 3_600_000 })
    const typo = await s.request('PUT', '/console/simulator', { headers: consoleAuth(), body: { mdoe: 'fast' } })
    expect(typo.status).toBe(400)
    const badMode = await s.request('PUT', '/console/simulator', { headers: consoleAuth(), body: { mode: 'slow' } })
    expect(errorOf(badMode.body).param).toBe('mode')
  })

  it('lists and answers push prompts in interactive mode', async () => {
    const s = await start()
    await s.request('PUT', '/console/simulator', { headers: consoleAuth(), body: { mode: 'interactive' } })
    const accepted = await s.request('POST', '/v1/mobile/charge', { body: chargeBody({ amount: 25_000 }) })
    const id = accepted.body.data.transactionId as string
    const prompts = await s.request('GET', '/console/prompts', { headers: consoleAuth() })
    expect(prompts.body.data.items).toMatchObject([{ transactionId: id, amount: 25_000, expiresAt: s.clock.now() + 60_000 }])
    const answered = await s.request('POST', `/console/prompts/${id}/answer`, { headers: consoleAuth(), body: { answer: 'approve' } })
    expect(answered.status).toBe(200)
    expect(answered.body.data).toMatchObject({ publicId: id, status: 'completed', processorReference: expect.stringMatching(/^[A-Z0-9]{10}$/) })
    const again = await s.request('POST', `/console/prompts/${id}/answer`, { headers: consoleAuth(), body: { answer: 'cancel' } })
    expect(again.status).toBe(400)
    const unknown = await s.request('POST', '/console/prompts/txn_nope/answer', { headers: consoleAuth(), body: { answer: 'cancel' } })
    expect(unknown.status).toBe(404)
    const badAnswer = await s.request('POST', `/console/prompts/${id}/answer`, { headers: consoleAuth(), body: { answer: 'maybe' } })
    expect(badAnswer.status).toBe(400)
  })

  it('settles now, over HTTP', async () => {
    const s = await start()
    const accepted = await s.request('POST', '/v1/mobile/charge', { body: chargeBody({ amount: 10_000 }) })
    s.clock.advance(3_000)
    await s.service.tick()
    const settled = await s.request('POST', '/console/simulator/settle', { headers: consoleAuth(), body: { transactionId: accepted.body.data.transactionId } })
    expect(settled.body.data).toEqual({ settled: [accepted.body.data.transactionId] })
    const collections = await defaultAccount(s, 'collections')
    expect(await balanceOf(s, collections.accountNo)).toEqual({ available: 9_945, pending: 0 })
  })

  it('resets only the console environment: live reset leaves test data alone', async () => {
    const s = await start()
    await s.request('POST', '/v1/mobile/charge', { body: chargeBody() })
    await s.request('POST', '/v1/mobile/charge', { body: chargeBody(), headers: live })
    s.clock.advance(3_000)
    await s.service.tick()
    const reset = await s.request('POST', '/console/simulator/reset', { headers: consoleAuth('live') })
    expect(reset.status).toBe(200)
    expect(reset.body.data).toMatchObject({ environment: 'live', removedTransactions: 1 })
    const testCollections = await defaultAccount(s, 'collections')
    expect(testCollections.pending).toBe(9_945)
    const liveCollections = await defaultAccount(s, 'collections', live)
    expect(await balanceOf(s, liveCollections.accountNo, live)).toEqual({ available: 0, pending: 0 })
    expect(ledgerViolations(s.service.internals.store)).toEqual([])
  })

  it('reads and replaces the fee tariff', async () => {
    const s = await start()
    const tariff = await s.request('GET', '/console/fees', { headers: consoleAuth() })
    expect(tariff.body.data).toEqual(DEFAULT_TARIFF)
    const cheaper = { ...DEFAULT_TARIFF, bankTransfer: [{ upToMinor: 100_000_000, feeMinor: 100 }] }
    const replaced = await s.request('PUT', '/console/fees', { headers: consoleAuth(), body: cheaper })
    expect(replaced.status).toBe(200)
    expect((await s.request('GET', '/console/fees', { headers: consoleAuth() })).body.data).toEqual(cheaper)
    const invalid = await s.request('PUT', '/console/fees', { headers: consoleAuth(), body: { ...cheaper, charge: { basisPoints: -1, maxFeeMinor: 0 } } })
    expect(invalid.status).toBe(400)
  })
})
