import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IPC_CALL_CHANNEL, type BridgeRequest } from '../../shared/api/bridge'
import type { ServiceResponse } from '../../shared/api/envelope'
import { createSenderCheck, registerIpcHandler, type InvokeEventLike, type IpcMainLike } from '../../electron/main/ipc-handler'
import { ref, startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { consoleAuth } from '../http/helpers'

/**
 * The payout desk over the desktop app's IPC channel (electron/main/ipc-handler.ts under Node): the same
 * route table as HTTP, so the same rules and the same envelopes, the results file as the envelope's data.
 */

type Listener = (event: InvokeEventLike, ...args: unknown[]) => unknown
const handlers = new Map<string, Listener>()
const ipcMain: IpcMainLike = {
  handle: (channel, listener) => void handlers.set(channel, listener),
  removeHandler: (channel) => void handlers.delete(channel),
}
const indexFile = resolve('/opt/paydesk/out/renderer/index.html')
const contents = { id: 1 }
const fromApp: InvokeEventLike = { sender: contents, senderFrame: { url: `${pathToFileURL(indexFile).href}#/payouts`, parent: null } }

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  registerIpcHandler(ipcMain, server.service, createSenderCheck(() => contents, { kind: 'file', indexFile }))
})
afterAll(() => server.close())

async function ipc(routeId: string, input: BridgeRequest['input'] = {}, environment: BridgeRequest['environment'] = 'test'): Promise<ServiceResponse & { body: any }> {
  const request: BridgeRequest = { routeId, input, environment }
  return structuredClone(await handlers.get(IPC_CALL_CHANNEL)!(fromApp, request)) as ServiceResponse & { body: any }
}
const withoutRequestId = (body: unknown) => JSON.parse(JSON.stringify(body), (key, value) => (key === 'requestId' ? '<id>' : value))

async function runToEnd(batchId: string) {
  for (let i = 0; i < 20; i++) {
    await server.service.tick()
    const batch = (await ipc('console.payoutBatches.get', { params: { batchId } })).body.data
    if (batch.status.startsWith('completed')) return batch
    server.clock.advance(2_000)
  }
  throw new Error('the batch did not finish')
}

describe('account-name validation over IPC', () => {
  it('answers exactly as HTTP does, found or not, and refuses bad input the same way', async () => {
    await ipc('console.customers.put', { params: { phoneNumber: '0722111000' }, body: { name: 'JANE WAMBUI' } })
    for (const query of [
      { country: 'KE', accountType: 'mobile_mobile', accountId: '0722111000' },
      { country: 'KE', accountType: 'mobile_till', accountId: '000000' },
      { country: 'KE', accountType: 'instantbank', accountId: '1234567890' },
    ]) {
      const viaIpc = await ipc('accountName.validate', { query })
      const http = await server.request('GET', `/v1/account-name-validation?${new URLSearchParams(query)}`, { headers: consoleAuth() })
      expect(viaIpc.status).toBe(http.status)
      expect(withoutRequestId(viaIpc.body)).toEqual(withoutRequestId(http.body))
    }
    expect((await ipc('accountName.validate', { query: { country: 'KE', accountType: 'mobile_mobile', accountId: '0722111000' } })).body.data.accountName).toBe('JANE WAMBUI')
    expect((await ipc('accountName.validate', { query: { country: 'KE', accountType: 'instantbank', accountId: '1234567890' } })).body.error).toMatchObject({ code: 'missing_parameter', param: 'bankCode' })
  })
})

describe('bulk payouts over IPC', () => {
  it('upload with per-line errors, submit, run, results file as data, retry of failed rows', async () => {
    await ipc('console.customers.put', { params: { phoneNumber: '0733000111' }, body: { name: 'WILL FAIL' } })
    const csv = `Amount,PhoneNumber,Reference\n"KES 1,000",0733000111,${ref('ipc')}\n500,0712345678,${ref('ipc')}\n0,0712345678,${ref('ipc')}\n`
    const created = await ipc('console.payoutBatches.create', { body: { name: 'IPC run', csv } })
    expect(created.status).toBe(201)
    const batch = created.body.data
    expect(batch.rows.map((row: any) => [row.status, row.errors])).toEqual([['valid', []], ['valid', []], ['invalid', ['amount must be more than zero']]])
    const again = await ipc('console.payoutBatches.create', { body: { name: 'IPC again', csv } })
    expect(again.body.data.duplicateOf).toBe(batch.id)
    expect((await ipc('console.payoutBatches.submit', { params: { batchId: again.body.data.id }, body: {} })).status).toBe(409)

    await ipc('console.customers.put', { params: { phoneNumber: '0733000111' }, body: { status: 'blocked' } })
    expect((await ipc('console.payoutBatches.submit', { params: { batchId: batch.id }, body: {} })).body.data.status).toBe('running')
    const done = await runToEnd(batch.id)
    expect(done.status).toBe('completed_with_failures')
    expect(done.rows[0]).toMatchObject({ status: 'failed', failureReason: 'The M-Pesa account of the customer is blocked.' })

    const results = await ipc('console.payoutBatches.results', { params: { batchId: batch.id } })
    expect(results.status).toBe(200)
    expect(typeof results.body.data).toBe('string')
    const http = await fetch(`${server.url}/console/payout-batches/${batch.id}/results.csv`, { headers: consoleAuth() })
    expect(results.body.data).toBe(await http.text())
    expect((results.body.data as string).split('\r\n')[1]).toMatch(/^2,.*,failed,txn_\w+,,,The M-Pesa account of the customer is blocked\.$/)

    await ipc('console.customers.put', { params: { phoneNumber: '0733000111' }, body: { status: 'active' } })
    expect((await ipc('console.payoutBatches.retryFailed', { params: { batchId: batch.id } })).body.data.status).toBe('running')
    const retried = await runToEnd(batch.id)
    expect(retried.rows.slice(0, 2).map((row: any) => [row.status, row.attempt])).toEqual([['completed', 1], ['completed', 0]])
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
    const list = await ipc('console.payoutBatches.list')
    expect(list.body.data.items.map((item: any) => item.id)).toEqual([again.body.data.id, batch.id])
  })

  it('bank rows (type column) and a scheduled run on the simulated clock', async () => {
    const csv = `type,phoneNumber,bankCode,accountNumber,accountName,amount\nbank,,01,7788990011,Jane Wanjiku,"2,500"\nbank,,ZZ,7788990012,,100\nmobile,0712345670,,,,300\n`
    const batch = (await ipc('console.payoutBatches.create', { body: { name: 'IPC bank', csv } })).body.data
    expect(batch.rows.map((row: any) => [row.type, row.status, row.recipient])).toEqual([
      ['bank', 'valid', '01/7788990011'], ['bank', 'invalid', 'ZZ/7788990012'], ['mobile', 'valid', '+254712345670'],
    ])
    expect(batch.rows[1].errors).toEqual([expect.stringMatching(/^bank code ZZ is not a Kenyan bank Paydesk knows/)])
    const runAt = new Date(server.clock.now() + 600_000).toISOString()
    expect((await ipc('console.payoutBatches.submit', { params: { batchId: batch.id }, body: { runAt } })).body.data).toMatchObject({ status: 'scheduled', runAt })
    await server.service.tick()
    expect((await ipc('console.payoutBatches.get', { params: { batchId: batch.id } })).body.data.progress).toMatchObject({ queued: 2, processing: 0 })
    server.clock.advance(600_000)
    const done = await runToEnd(batch.id)
    expect(done.status).toBe('completed')
    const bankPayout = (await ipc('transactions.get', { query: { transactionId: done.rows[0].transactionId } })).body.data
    expect(bankPayout).toMatchObject({ type: 'bank_withdrawal', amount: 250_000, status: 'completed' })
  })

  it('refuses the float shortfall, bad bodies and unknown batches in the usual envelope', async () => {
    const big = Array.from({ length: 5 }, () => `0712345678,"150,000",${ref('big')}`).join('\n')
    const batch = (await ipc('console.payoutBatches.create', { body: { name: 'Too big', csv: `phoneNumber,amount,reference\n${big}\n` } })).body.data
    const available = batch.floatAvailable as number
    if (available >= batch.totals.amount + batch.totals.fees) throw new Error('the test needs a float smaller than KES 750,000')
    const refused = await ipc('console.payoutBatches.submit', { params: { batchId: batch.id }, body: {} })
    expect(refused.status).toBe(400)
    expect(refused.body.error.message).toMatch(/short by KES [\d,.]+/)
    expect((await ipc('console.payoutBatches.create', { body: { name: 'x', csv: 'phoneNumber,amount\n0712345678,1\n', extra: 1 } })).body.error).toMatchObject({ code: 'invalid_parameter', param: 'extra' })
    expect((await ipc('console.payoutBatches.create', { body: { name: '', csv: 'phoneNumber,amount\n0712345678,1\n' } })).body.error).toMatchObject({ code: 'invalid_parameter', param: 'name' })
    expect((await ipc('console.payoutBatches.submit', { params: { batchId: batch.id }, body: { runAt: 'tomorrow' } })).body.error).toMatchObject({ param: 'runAt' })
    expect((await ipc('console.payoutBatches.get', { params: { batchId: 'pb_missing' } })).status).toBe(404)
    expect((await ipc('console.payoutBatches.get', { params: { batchId: batch.id } }, 'live')).status).toBe(404)
  })
})
