import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readCsv } from '../../shared/csv-read'
import { ref, startTestServer, type TestServer } from '../support/harness'
import { consoleAuth } from './helpers'

// A bulk payout file's invoice / tax invoice / etims and pin columns: checked as the API checks the
// tax-invoice convention, carried by each row's payout in its metadata, and written to results.csv.
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const auth = consoleAuth()
const create = (csv: string) => server.request('POST', '/console/payout-batches', { headers: auth, body: { name: 'Supplier invoices', csv } })
const get = async (id: string) => (await server.request('GET', `/console/payout-batches/${id}`, { headers: auth })).body.data

async function runToEnd(id: string): Promise<any> {
  for (let i = 0; i < 20; i++) {
    await server.service.tick()
    const batch = await get(id)
    if (batch.status === 'completed' || batch.status === 'completed_with_failures') return batch
    server.clock.advance(2_000)
  }
  throw new Error(`batch ${id} did not finish`)
}

describe('bulk payout files with tax invoices', () => {
  it('read the invoice and pin columns under the names bookkeepers use', async () => {
    for (const [invoiceHeader, pinHeader] of [['invoice', 'pin'], ['Tax Invoice', 'KRA PIN'], ['eTIMS', 'Pin']] as const) {
      const csv = `phoneNumber,amount,reference,${invoiceHeader},${pinHeader}\n0712345678,1500,${ref('inv')},INV-${invoiceHeader.length},a123456789b\n`
      const response = await create(csv)
      expect(response.status, invoiceHeader).toBe(201)
      expect(response.body.data.rows[0]).toMatchObject({ status: 'valid', taxInvoiceNumber: `INV-${invoiceHeader.length}` })
    }
  })

  it('refuse a row with a malformed invoice number or PIN, naming the rule', async () => {
    const csv = `phoneNumber,amount,reference,invoice,pin\n0712345678,1500,${ref('bad')},INV 1,A123456789B\n0712345678,1500,${ref('bad')},INV-2,A12345\n`
    const rows = (await create(csv)).body.data.rows
    expect(rows[0].status).toBe('invalid')
    expect(rows[0].errors.join(' ')).toMatch(/invoice "INV 1" must be a tax invoice number/)
    expect(rows[1].errors.join(' ')).toMatch(/pin "A12345" must be a KRA PIN/)
  })

  it('pay each row with its invoice number and the recipient\'s PIN in the metadata, and write them to results.csv', async () => {
    const reference = ref('paid')
    const created = await create(`phoneNumber,amount,reference,invoice,pin\n0712345678,1500,${reference},KRACU01/77,P051234567Q\n0712345679,900,${ref('plain')},,\n`)
    const id = created.body.data.id
    expect((await server.request('POST', `/console/payout-batches/${id}/submit`, { headers: auth, body: {} })).status).toBe(200)
    const batch = await runToEnd(id)
    const paid = (await server.request('GET', `/v1/transaction?transactionId=${batch.rows[0].transactionId}`)).body.data
    expect(paid.metadata).toMatchObject({ taxInvoiceNumber: 'KRACU01/77', sellerKraPin: 'P051234567Q' })
    const plain = (await server.request('GET', `/v1/transaction?transactionId=${batch.rows[1].transactionId}`)).body.data
    expect(plain.metadata).not.toHaveProperty('taxInvoiceNumber')
    const response = await fetch(`${server.url}/console/payout-batches/${id}/results.csv`, { headers: auth })
    const [header, ...rows] = readCsv(await response.text(), ',').map((r) => r.fields)
    expect(rows[0]![header!.indexOf('taxInvoiceNumber')]).toBe('KRACU01/77')
    expect(rows[1]![header!.indexOf('taxInvoiceNumber')]).toBe('')
  })
})
