import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ref, startTestServer, type TestServer } from '../support/harness'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('HTTP smoke', () => {
  it('accepts a charge with 202 and lists it newest first', async () => {
    const reference = ref('smoke')
    const charge = await server.request('POST', '/v1/mobile/charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference } })
    expect(charge.status).toBe(202)
    expect(charge.body.message).toBe('Transaction initiated successfully')
    expect(charge.headers.get('x-request-id')).toMatch(/^req_/)
    const list = await server.request('GET', '/v1/transactions?startDate=2026-11-01&endDate=2026-11-30&limit=1')
    expect(list.status).toBe(200)
    expect(list.body.data.items[0].merchantTransactionId).toBe(reference)
    expect(list.body.data.count).toBe(1)
  })
})
