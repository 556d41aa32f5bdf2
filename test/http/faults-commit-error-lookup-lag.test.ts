import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { ALL_TIME, b2cBody, chargeBody, consoleAuth, errorOf } from './helpers'

/**
 * The fault lab's commitThenError and lookupLag (docs/simulator.md "Provider faults") over real HTTP, each
 * outcome counted at the server by merchantTransactionId.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterEach(async () => {
  expect((await server.request('POST', '/console/faults/clear', { headers: consoleAuth() })).status).toBe(200)
})
afterAll(async () => {
  await server.close()
})

async function setApiFaults(scope: string, faults: Record<string, unknown>) {
  const response = await server.request('PUT', '/console/faults/api', { headers: consoleAuth(), body: { scope, faults } })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.data
}

/** How many transactions of the test environment carry this merchant reference (counted at the server). */
async function countWithReference(reference: string): Promise<number> {
  const response = await server.request('GET', `/v1/transactions?${ALL_TIME}&limit=10000`)
  expect(response.status).toBe(200)
  return (response.body.data.items as { merchantTransactionId: string | null }[]).filter((t) => t.merchantTransactionId === reference).length
}

const post = (path: string, body: Record<string, unknown>, key?: string) =>
  server.request('POST', path, { body, headers: key ? { 'idempotency-key': key } : {} })

describe('commitThenError', () => {
  it('is validated: status 500 or 502, rate 0 to 1', async () => {
    for (const [faults, param] of [
      [{ commitThenError: { status: 503 } }, 'faults.commitThenError.status'],
      [{ commitThenError: { rate: 1.5 } }, 'faults.commitThenError.rate'],
    ] as const) {
      const refused = await server.request('PUT', '/console/faults/api', { headers: consoleAuth(), body: { scope: 'money', faults } })
      expect(refused.status, JSON.stringify(faults)).toBe(400)
      expect(refused.body.error.param).toBe(param)
    }
    const state = await setApiFaults('mobile.b2c', { commitThenError: {} })
    expect(state.api).toMatchObject([{ scope: 'mobile.b2c', faults: { commitThenError: { rate: 1, status: 500 } } }])
  })

  it('502: the charge commits once, the answer is a 502; the keyed retry replays the original 202', async () => {
    await setApiFaults('money', { commitThenError: { status: 502 } })
    const body = chargeBody()
    const reference = body['merchantTransactionId'] as string
    const key = randomUUID()
    const first = await post('/v1/mobile/charge', body, key)
    expect(first.status).toBe(502)
    expect(errorOf(first.body)).toMatchObject({ type: 'api_error', code: 'internal_error' })
    expect(first.headers.get('paydesk-fault')).toBe('commit-then-error')
    expect(await countWithReference(reference)).toBe(1)
    const retry = await post('/v1/mobile/charge', body, key)
    expect(retry.status).toBe(202)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(await countWithReference(reference)).toBe(1)
    const found = await server.request('GET', `/v1/transaction?merchantTransactionId=${reference}`)
    expect(found.body.data.publicId).toBe(retry.body.data.transactionId)
    // The same reference without the key: 409 duplicate (nothing committed, so that answer is not replaced).
    const again = await post('/v1/mobile/charge', body)
    expect(again.status).toBe(409)
    expect(await countWithReference(reference)).toBe(1)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })

  it('500 on one route: that route commits and answers 500, refused requests keep their own answer, others are untouched', async () => {
    await setApiFaults('mobile.b2c', { commitThenError: { status: 500 } })
    const payout = b2cBody()
    const answer = await post('/v1/mobile/b2c', payout)
    expect(answer.status).toBe(500)
    expect(answer.headers.get('paydesk-fault')).toBe('commit-then-error')
    expect(await countWithReference(payout['merchantTransactionId'] as string)).toBe(1)
    const refused = await post('/v1/mobile/b2c', { ...b2cBody(), amount: -5 })
    expect(refused.status).toBe(400)
    expect((await post('/v1/mobile/charge', chargeBody())).status).toBe(202)
  })

  it('rate 0.5 errs on about half, and every request committed once all the same', async () => {
    await setApiFaults('mobile.charge', { commitThenError: { rate: 0.5 } })
    const references: string[] = []
    let errors = 0
    for (let i = 0; i < 40; i++) {
      const body = chargeBody()
      references.push(body['merchantTransactionId'] as string)
      const status = (await post('/v1/mobile/charge', body)).status
      expect([202, 500]).toContain(status)
      if (status === 500) errors++
    }
    expect(errors).toBeGreaterThan(5)
    expect(errors).toBeLessThan(35)
    const listed = await server.request('GET', `/v1/transactions?${ALL_TIME}&limit=10000`)
    const counted = new Map<string, number>()
    for (const t of listed.body.data.items as { merchantTransactionId: string }[]) counted.set(t.merchantTransactionId, (counted.get(t.merchantTransactionId) ?? 0) + 1)
    expect(references.map((ref) => counted.get(ref))).toEqual(references.map(() => 1))
  })
})

describe('lookupLag', () => {
  it('is accepted only where GET /v1/transaction reads it (scope transactions.get or money)', async () => {
    const refused = await server.request('PUT', '/console/faults/api', { headers: consoleAuth(), body: { scope: 'accounts.list', faults: { lookupLag: { ms: 1000 } } } })
    expect(refused.status).toBe(400)
    expect(refused.body.error.param).toBe('faults.lookupLag')
    const tooLong = await server.request('PUT', '/console/faults/api', { headers: consoleAuth(), body: { scope: 'money', faults: { lookupLag: { ms: 3_600_001 } } } })
    expect(tooLong.body.error.param).toBe('faults.lookupLag.ms')
    expect((await setApiFaults('transactions.get', { lookupLag: { ms: 1000 } })).active).toBe(true)
  })

  it('GET /v1/transaction answers 404 until the transaction is ms old (simulated clock), by either id', async () => {
    const older = chargeBody()
    const olderAnswer = await post('/v1/mobile/charge', older)
    expect(olderAnswer.status).toBe(202)
    server.clock.advance(10_000)
    await setApiFaults('money', { lookupLag: { ms: 5000 } })
    const body = chargeBody()
    const reference = body['merchantTransactionId'] as string
    const created = await post('/v1/mobile/charge', body)
    expect(created.status).toBe(202)
    const transactionId = created.body.data.transactionId as string

    const byReference = await server.request('GET', `/v1/transaction?merchantTransactionId=${reference}`)
    expect(byReference.status).toBe(404)
    expect(errorOf(byReference.body)).toMatchObject({ type: 'not_found_error', code: 'resource_not_found', param: 'merchantTransactionId', message: `No transaction with merchantTransactionId ${reference}.` })
    const byId = await server.request('GET', `/v1/transaction?transactionId=${transactionId}`)
    expect(byId.status).toBe(404)
    expect(errorOf(byId.body).param).toBe('transactionId')
    // It exists all the same: the list shows it, and an older transaction is found at once.
    expect(await countWithReference(reference)).toBe(1)
    expect((await server.request('GET', `/v1/transaction?merchantTransactionId=${older['merchantTransactionId']}`)).status).toBe(200)

    server.clock.advance(4_000)
    expect((await server.request('GET', `/v1/transaction?merchantTransactionId=${reference}`)).status).toBe(404)
    server.clock.advance(1_001)
    const found = await server.request('GET', `/v1/transaction?merchantTransactionId=${reference}`)
    expect(found.status).toBe(200)
    expect(found.body.data.publicId).toBe(transactionId)
  })
})
