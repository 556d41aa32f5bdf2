import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushEvent } from '../../shared/api/push-events'
import { ref, startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { ALL_TIME, consoleAuth, errorOf } from './helpers'

/** Bulk payouts over real HTTP: the file's rules, the run, failures, retries, schedules and the results file. */

let server: TestServer
const events: PushEvent[] = []
beforeAll(async () => {
  server = await startTestServer()
  server.service.onEvent((event) => events.push(event))
})
afterAll(() => server.close())

const auth = consoleAuth()
const create = (csv: string, name = 'March salaries') => server.request('POST', '/console/payout-batches', { headers: auth, body: { name, csv } })
const submit = (id: string, body: Record<string, unknown> = {}) => server.request('POST', `/console/payout-batches/${id}/submit`, { headers: auth, body })
const get = async (id: string) => (await server.request('GET', `/console/payout-batches/${id}`, { headers: auth })).body.data
const float = async () => ((await server.request('GET', '/v1/accounts?type=payouts&scope=default')).body.data.items[0] as { available: number }).available

/** Ticks with the simulated clock moving until the batch finished (fast mode answers within 3 s). */
async function runToEnd(id: string): Promise<any> {
  for (let i = 0; i < 20; i++) {
    await server.service.tick()
    const batch = await get(id)
    if (batch.status === 'completed' || batch.status === 'completed_with_failures') return batch
    server.clock.advance(2_000)
  }
  throw new Error(`batch ${id} did not finish`)
}

async function transaction(id: string): Promise<any> {
  return (await server.request('GET', `/v1/transaction?transactionId=${id}`)).body.data
}

describe('the file', () => {
  it('reads columns in any order and letter case, and amounts as people write them', async () => {
    const [a, b, c] = [ref('a'), ref('b'), ref('c')]
    const response = await create(`NARRATION,Amount,phonenumber,Reference\nSalary,1500,0712345678,${a}\nBonus,"1,500.00",254712345679,${b}\n,"KES 1,500",+254712345670,${c}\n`)
    expect(response.status).toBe(201)
    const batch = response.body.data
    expect(batch).toMatchObject({ name: 'March salaries', status: 'draft', duplicateOf: null, totals: { rows: 3, validRows: 3, amount: 450_000, fees: 1_500 } })
    expect(batch.rows.map((row: any) => [row.line, row.status, row.recipient, row.amount, row.fee, row.reference])).toEqual([
      [2, 'valid', '+254712345678', 150_000, 500, a], [3, 'valid', '+254712345679', 150_000, 500, b], [4, 'valid', '+254712345670', 150_000, 500, c],
    ])
    expect(batch.rows[0].narration).toBe('Salary')
    expect(batch.rows[0].recipientName).toMatch(/^[A-Z']+ [A-Z']+$/)
    expect(batch.floatAvailable).toBe(await float())
    expect(batch.floatSufficient).toBe(true)
  })

  it('says, for every invalid line, why: bad phone, zero or over-the-limit amount, duplicate reference, unknown bank code, bad type', async () => {
    const dup = ref('dup')
    const csv = [
      'type,phoneNumber,amount,reference,bankCode,accountNumber,accountName',
      `mobile,0712345678,100,${ref('ok')},,,`,
      `,07123,100,${ref('x')},,,`,
      `mobile,0712345678,0,${ref('x')},,,`,
      `mobile,0712345678,"150,000.01",${ref('x')},,,`,
      `mobile,0712345678,100,${dup},,,`,
      `mobile,0712345678,100,${dup},,,`,
      `bank,,100,${ref('x')},ZZ,1234567890,Jane`,
      `BANK,,"2,500",${ref('bk')},01,1234567890,Jane Wanjiku`,
      `wallet,0712345678,100,${ref('x')},,,`,
      `mobile,0712345678,ten,${ref('x')},,,`,
    ].join('\r\n')
    const batch = (await create(csv)).body.data
    const byLine = new Map<number, any>(batch.rows.map((row: any) => [row.line, row]))
    expect(byLine.get(2).status).toBe('valid')
    expect(byLine.get(3).errors).toEqual([expect.stringMatching(/^phone 07123 is too short/)])
    expect(byLine.get(4).errors).toEqual(['amount must be more than zero'])
    expect(byLine.get(5).errors).toEqual([expect.stringMatching(/over the limit of KES 150,000\.00/)])
    expect(byLine.get(6).status).toBe('valid')
    expect(byLine.get(7).errors).toEqual([`reference ${dup} is also on line 6 (a reference names one payout)`])
    expect(byLine.get(8).errors).toEqual([expect.stringMatching(/^bank code ZZ is not a Kenyan bank Paydesk knows/)])
    expect(byLine.get(9)).toMatchObject({ status: 'valid', type: 'bank', recipient: '01/1234567890', amount: 250_000 })
    expect(byLine.get(9).recipientName).toMatch(/^[A-Z']+ [A-Z']+$/)
    expect(byLine.get(10).errors).toEqual(['type wallet must be mobile or bank'])
    expect(byLine.get(11).errors).toEqual([expect.stringMatching(/^amount ten is not an amount in shillings/)])
    expect(batch.totals).toMatchObject({ rows: 10, validRows: 3 })
    // Invalid rows come back in file order; the console puts them first.
    expect(batch.rows.map((row: any) => row.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
  })

  it('flags recipients the name check does not find, or finds restricted, before anything is sent', async () => {
    await server.request('PUT', '/console/customers/0799000001', { headers: auth, body: { name: 'GONE AWAY', status: 'unregistered' } })
    await server.request('PUT', '/console/customers/0799000002', { headers: auth, body: { name: 'BLOCKED PERSON', status: 'blocked' } })
    await server.request('PUT', '/console/customers/0799000003', { headers: auth, body: { name: 'JANE WAMBUI' } })
    const batch = (await create(`phoneNumber,amount\n0799000001,100\n0799000002,100\n0799000003,100\nbank-less,100\n`)).body.data
    expect(batch.rows[0].errors).toEqual(['the name check found no M-Pesa account for +254799000001'])
    expect(batch.rows[1].errors).toEqual([expect.stringMatching(/BLOCKED PERSON\) is restricted/)])
    expect(batch.rows[2]).toMatchObject({ status: 'valid', recipientName: 'JANE WAMBUI' })
  })

  it('gives rows without a reference a stable one derived from batch and line, and refuses references already used', async () => {
    const used = (await server.request('POST', '/v1/mobile/b2c', { body: { phoneNumber: '0712345678', amount: 100, merchantTransactionId: ref('used') } })).body.data
    const batch = (await create(`phoneNumber,amount,reference\n0712345678,100,\n0712345678,100,${used.merchantTransactionId}\n`)).body.data
    expect(batch.rows[0].reference).toBe(`${batch.id}-2`)
    expect(batch.rows[1].errors).toEqual([`reference ${used.merchantTransactionId} was already used by transaction ${used.transactionId}`])
  })

  it('is `invalid` when no row is valid, and cannot be submitted', async () => {
    const batch = (await create('phoneNumber,amount\n0712,100\n')).body.data
    expect(batch.status).toBe('invalid')
    const response = await submit(batch.id)
    expect(response.status).toBe(400)
    expect(errorOf(response.body).message).toMatch(/has no valid row/)
  })

  it.each([
    ['', /empty/],
    ['phoneNumber,amount\n', /header row but no payouts/],
    ['phoneNumber,reference\n0712345678,x\n', /no amount column/],
    ['amount,narration\n100,x\n', /no phoneNumber column/],
    ['phoneNumber,amount,Amount\n0712345678,100,100\n', /column amount twice/],
    ['phoneNumber,amount\n"0712345678,100\n', /quote opened on line 2 that is never closed/],
    [`phoneNumber,amount\n${'0712345678,100\n'.repeat(10_001)}`, /10001 rows; a batch takes at most 10000/],
  ])('refuses a file that cannot be read (%#) with 400 naming the file', async (csv, message) => {
    const response = await create(csv)
    expect(response.status).toBe(400)
    expect(errorOf(response.body)).toMatchObject({ code: 'invalid_parameter', param: 'csv', message: expect.stringMatching(message) })
  })
})

describe('a run', () => {
  it('pays every valid row as an ordinary payout: ledger, fees, webhooks, request log, finished event', async () => {
    const before = await float()
    await server.request('PUT', '/console/webhooks/endpoint', { headers: auth, body: { defaultUrl: 'http://127.0.0.1:9/hook' } })
    const [a, b] = [ref('run'), ref('run')]
    const batch = (await create(`phoneNumber,amount,reference,narration\n0712345678,"1,000",${a},Salary\n0712345671,2500,${b},\n0712,1,${ref('bad')},\n`)).body.data
    const submitted = await submit(batch.id)
    expect(submitted.status).toBe(200)
    expect(submitted.body.data).toMatchObject({ status: 'running', progress: { queued: 2 } })
    expect(submitted.body.data.rows.map((row: any) => row.status)).toEqual(['queued', 'queued', 'invalid'])
    await server.service.tick()
    const sent = await get(batch.id)
    expect(sent.rows.slice(0, 2).map((row: any) => row.status)).toEqual(['processing', 'processing'])
    const done = await runToEnd(batch.id)
    expect(done).toMatchObject({ status: 'completed', progress: { queued: 0, processing: 0, completed: 2, failed: 0 } })
    expect(done.finishedAt).not.toBeNull()
    for (const row of done.rows.slice(0, 2)) {
      expect(row).toMatchObject({ status: 'completed', failureReason: null })
      expect(row.receipt).toMatch(/^[A-Z0-9]{10}$/)
      const payout = await transaction(row.transactionId)
      expect(payout).toMatchObject({ status: 'completed', merchantTransactionId: row.reference, amount: row.amount, fees: row.fee, type: 'transfer' })
      expect(payout.metadata).toMatchObject({ payoutBatchId: batch.id, payoutBatchLine: row.line })
    }
    for (const row of done.rows.slice(0, 2)) {
      const events = (await server.request('GET', `/console/webhooks/events?transactionId=${row.transactionId}`, { headers: auth })).body.data.items
      expect(events.map((event: { type: string }) => event.type)).toContain('payout.succeeded')
    }
    await server.request('PUT', '/console/webhooks/endpoint', { headers: auth, body: { defaultUrl: null } })
    expect((await transaction(done.rows[0].transactionId)).narration).toBe('Salary')
    expect((await transaction(done.rows[1].transactionId)).narration).toBe('March salaries')
    expect(await float()).toBe(before - (100_000 + 250_000) - done.totals.fees)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
    const log = (await server.request('GET', '/console/requests?path=/v1/mobile/b2c&limit=50', { headers: auth })).body.data.items as any[]
    const logged = log.filter((entry) => done.rows.some((row: any) => row.transactionId === entry.transactionId))
    expect(logged).toHaveLength(2)
    for (const entry of logged) expect(entry).toMatchObject({ method: 'POST', status: 202, keyPrefix: 'console', idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(events).toContainEqual({ type: 'payoutBatch.finished', environment: 'test', organizationId: expect.any(String), batchId: batch.id, name: 'March salaries', status: 'completed', completedRows: 2, failedRows: 0 })
  })

  it('refuses a batch the float cannot cover, with the shortfall; the rows stay unpaid', async () => {
    const available = await float()
    const rows = Array.from({ length: Math.ceil(available / 15_000_000) + 1 }, () => `0712345678,"150,000",${ref('big')}`)
    const batch = (await create(`phoneNumber,amount,reference\n${rows.join('\n')}\n`)).body.data
    expect(batch.floatSufficient).toBe(false)
    const response = await submit(batch.id)
    expect(response.status).toBe(400)
    const shortBy = batch.totals.amount + batch.totals.fees - available
    expect(errorOf(response.body).message).toContain(`short by KES ${(shortBy / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`)
    expect((await get(batch.id)).status).toBe('draft')
  })

  it('a file uploaded again is duplicateOf the first and runs only when confirmed', async () => {
    const csv = `phoneNumber,amount\n0712345678,100\n`
    const first = (await create(csv)).body.data
    const again = (await create(csv.replace('\n', '\r\n'))).body.data
    expect(first.duplicateOf).toBeNull()
    expect(again.duplicateOf).toBe(first.id)
    const refused = await submit(again.id)
    expect(refused.status).toBe(409)
    expect(errorOf(refused.body)).toMatchObject({ param: 'confirmDuplicate', message: expect.stringContaining(first.id) })
    expect((await submit(again.id, { confirmDuplicate: true })).body.data.status).toBe('running')
    expect((await runToEnd(again.id)).status).toBe('completed')
    expect((await submit(again.id, { confirmDuplicate: true })).status).toBe(409)
  })

  it('failed rows say why in plain words, and retry-failed pays them again as new payouts, never the completed ones', async () => {
    await server.request('PUT', '/console/customers/0788000001', { headers: auth, body: { name: 'MAY FAIL' } })
    const batch = (await create(`phoneNumber,amount,reference\n0788000001,100,${ref('f')}\n0712345678,100,${ref('ok')}\n`)).body.data
    // Blocked after the upload: the check passed, the payout fails.
    await server.request('PUT', '/console/customers/0788000001', { headers: auth, body: { status: 'blocked' } })
    const before = await float()
    await submit(batch.id)
    const done = await runToEnd(batch.id)
    expect(done.status).toBe('completed_with_failures')
    expect(done.rows[0]).toMatchObject({ status: 'failed', failureReason: 'The M-Pesa account of the customer is blocked.', attempt: 0 })
    const firstPayout = done.rows[0].transactionId
    // The failed row costs nothing: no fee is charged on it, its amount and fee are back in the float.
    expect((await transaction(firstPayout)).fees).toBe(0)
    expect(await float()).toBe(before - done.rows[1].amount - done.rows[1].fee)
    const completedPayout = done.rows[1].transactionId
    await server.request('PUT', '/console/customers/0788000001', { headers: auth, body: { status: 'active' } })
    const retried = await server.request('POST', `/console/payout-batches/${batch.id}/retry-failed`, { headers: auth })
    expect(retried.status).toBe(200)
    expect(retried.body.data.rows.map((row: any) => row.status)).toEqual(['queued', 'completed'])
    const again = await runToEnd(batch.id)
    expect(again.status).toBe('completed')
    expect(again.rows[0]).toMatchObject({ status: 'completed', attempt: 1 })
    expect(again.rows[0].transactionId).not.toBe(firstPayout)
    expect(again.rows[1].transactionId).toBe(completedPayout)
    expect((await transaction(again.rows[0].transactionId)).merchantTransactionId).toBe(`${done.rows[0].reference}-R1`)
    expect((await transaction(firstPayout)).status).toBe('failed')
    const refused = await server.request('POST', `/console/payout-batches/${batch.id}/retry-failed`, { headers: auth })
    expect(refused.status).toBe(409)
  })

  it('a scheduled batch waits for runAt on the simulated clock, then runs by itself', async () => {
    const batch = (await create(`phoneNumber,amount\n0712345678,100\n0712345679,200\n`, 'Later')).body.data
    const runAt = new Date(server.clock.now() + 3_600_000).toISOString()
    const scheduled = (await submit(batch.id, { runAt, confirmDuplicate: true })).body.data
    expect(scheduled).toMatchObject({ status: 'scheduled', runAt })
    await server.service.tick()
    expect((await get(batch.id)).rows.map((row: any) => row.status)).toEqual(['queued', 'queued'])
    const queue = (await server.request('GET', '/console/payout-batches', { headers: auth })).body.data.items as any[]
    expect(queue.find((item) => item.id === batch.id)).toMatchObject({ status: 'scheduled', progress: { queued: 2 } })
    server.clock.advance(3_600_000)
    expect((await runToEnd(batch.id)).status).toBe('completed')
  })

  it('answers the results file: one line per input line, RFC 4180 and formula-safe', async () => {
    await server.request('PUT', '/console/customers/0712000999', { headers: auth, body: { name: '=HYPERLINK("http://x","y")' } })
    const batch = (await create(`phoneNumber,amount,reference\n0712345678,"1,250",${ref('csv')}\n0712,5,${ref('csv')}\n0712000999,1,${ref('csv')}\n`)).body.data
    await submit(batch.id)
    const done = await runToEnd(batch.id)
    const response = await fetch(`${server.url}/console/payout-batches/${batch.id}/results.csv`, { headers: auth })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${batch.id}-results.csv"`)
    const lines = (await response.text()).split('\r\n')
    expect(lines[0]).toBe('line,reference,recipient,recipientName,amount,fee,status,transactionId,receipt,taxInvoiceNumber,failureReason')
    expect(lines[1]).toBe(`2,${done.rows[0].reference},'+254712345678,${done.rows[0].recipientName},"1,250.00",5.00,completed,${done.rows[0].transactionId},${done.rows[0].receipt},,`)
    expect(lines[2]).toMatch(/^3,[^,]+,0712,,5\.00,0\.00,invalid,,,,"phone 0712 is too short/)
    expect(lines[3]).toBe(`4,${done.rows[2].reference},'+254712000999,"'=HYPERLINK(""http://x"",""y"")",1.00,0.00,completed,${done.rows[2].transactionId},${done.rows[2].receipt},,`)
    expect(lines).toHaveLength(5)
    expect(lines[4]).toBe('')
  })

  it('lists batches newest first; unknown ids are 404; a submitted batch cannot be submitted again', async () => {
    const batch = (await create(`phoneNumber,amount\n0712345670,300\n`, 'Listed')).body.data
    const list = (await server.request('GET', '/console/payout-batches', { headers: auth })).body.data.items as any[]
    expect(list[0]).toMatchObject({ id: batch.id, name: 'Listed', status: 'draft' })
    expect(list[0].rows).toBeUndefined()
    expect((await server.request('GET', '/console/payout-batches/pb_nope', { headers: auth })).status).toBe(404)
    expect((await server.request('GET', '/console/payout-batches/pb_nope/results.csv', { headers: auth })).status).toBe(404)
    await submit(batch.id, { confirmDuplicate: true })
    expect((await submit(batch.id, { confirmDuplicate: true })).status).toBe(409)
    // Another environment does not see it.
    expect((await server.request('GET', `/console/payout-batches/${batch.id}`, { headers: consoleAuth('live') })).status).toBe(404)
  })

  it('a sandbox reset forgets the environment\'s batches with their payouts', async () => {
    const batch = (await create(`phoneNumber,amount\n0712345671,400\n`, 'Before reset')).body.data
    await submit(batch.id, { confirmDuplicate: true })
    await runToEnd(batch.id)
    const reset = await server.request('POST', '/console/simulator/reset', { headers: auth })
    expect(reset.status).toBe(200)
    expect((await server.request('GET', `/console/payout-batches/${batch.id}`, { headers: auth })).status).toBe(404)
    expect((await server.request('GET', `/v1/transactions?${ALL_TIME}&type=transfer`)).body.data.count).toBe(0)
  })
})
