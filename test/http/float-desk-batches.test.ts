import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ref, startTestServer, type TestServer } from '../support/harness'
import { consoleAuth } from './helpers'

/** The float desk counts what scheduled and running bulk payouts have still to send from each payouts account. */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const auth = consoleAuth()
type DeskAccount = { accountNo: string; available: number; scheduledBatches: number; threshold: number | null; needed: number; shortfall: number }
const deskLine = async (accountNo: string): Promise<DeskAccount> => {
  const desk = await server.request('GET', '/console/float-desk', { headers: auth })
  expect(desk.status).toBe(200)
  return (desk.body.data.accounts as DeskAccount[]).find((account) => account.accountNo === accountNo)!
}

describe('float desk and bulk payouts', () => {
  it('needs a scheduled batch\'s amount and fees until its rows are sent, on top of the low-float threshold', async () => {
    const csv = `phoneNumber,amount,reference\n0712345678,1500,${ref('a')}\n0712345679,2500,${ref('b')}\n`
    const created = await server.request('POST', '/console/payout-batches', { headers: auth, body: { name: 'Payroll', csv } })
    expect(created.status).toBe(201)
    const { id, accountNo, totals } = created.body.data as { id: string; accountNo: string; totals: { amount: number; fees: number } }
    expect(totals.amount).toBe(400_000)
    expect(totals.fees).toBeGreaterThan(0)
    expect((await deskLine(accountNo)).scheduledBatches).toBe(0)

    const before = await deskLine(accountNo)
    const threshold = before.available // a float exactly at its threshold: only the batch makes it short
    const rules = (await server.request('GET', '/console/notification-rules', { headers: auth })).body.data
    expect((await server.request('PUT', '/console/notification-rules', { headers: auth, body: { ...rules, lowFloat: [{ accountNo, below: threshold }] } })).status).toBe(200)

    const runAt = new Date(server.clock.now() + 3_600_000).toISOString()
    const submitted = await server.request('POST', `/console/payout-batches/${id}/submit`, { headers: auth, body: { runAt } })
    expect(submitted.body.data.status).toBe('scheduled')
    const scheduled = await deskLine(accountNo)
    expect(scheduled).toMatchObject({ scheduledBatches: totals.amount + totals.fees, threshold, needed: totals.amount + totals.fees + threshold })
    expect(scheduled.shortfall).toBe(totals.amount + totals.fees + threshold - scheduled.available)

    server.clock.advance(3_600_000)
    let batch = submitted.body.data as { status: string }
    for (let i = 0; i < 20 && !batch.status.startsWith('completed'); i++) {
      await server.service.tick()
      server.clock.advance(2_000)
      batch = (await server.request('GET', `/console/payout-batches/${id}`, { headers: auth })).body.data
    }
    expect(batch.status).toBe('completed')
    const after = await deskLine(accountNo)
    expect(after).toMatchObject({ scheduledBatches: 0, needed: threshold })
    expect(after.available).toBe(before.available - totals.amount - totals.fees)
  })
})
