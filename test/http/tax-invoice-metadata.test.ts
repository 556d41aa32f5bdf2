import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTES } from '../../shared/api/routes'
import { generateOpenApi } from '../../shared/api/openapi'
import { startTestServer, type TestServer } from '../support/harness'
import { b2bBody, b2cBody, bankTransferBody, chargeBody, consoleAuth, defaultAccount, errorOf } from './helpers'

// The tax-invoice metadata convention on every money route that takes metadata: well-formed keys are kept
// and echoed, a malformed KRA PIN or invoice number is a 400 naming the key, and the document says so.
let server: TestServer
let payoutsNo: string
beforeAll(async () => {
  server = await startTestServer()
  payoutsNo = (await defaultAccount(server, 'payouts')).accountNo
})
afterAll(() => server.close())

const good = { taxInvoiceNumber: 'KRACU0100000001/123', buyerKraPin: 'A123456789B', sellerKraPin: 'P051234567Q' }

function moneyRoutes(): { path: string; body: (metadata: Record<string, unknown>) => Record<string, unknown> }[] {
  return [
    { path: '/v1/mobile/charge', body: (metadata) => chargeBody({ metadata }) },
    { path: '/v1/mobile/b2c', body: (metadata) => b2cBody({ metadata }) },
    { path: '/v1/mobile/b2b', body: (metadata) => b2bBody({ metadata }) },
    { path: '/v1/local-bank-transfer', body: (metadata) => bankTransferBody(payoutsNo, { metadata }) },
  ]
}

describe('metadata.taxInvoiceNumber, buyerKraPin and sellerKraPin', () => {
  it('are accepted and echoed on the transaction by the charge, B2C, B2B and bank transfer routes', async () => {
    for (const route of moneyRoutes()) {
      const answer = await server.request('POST', route.path, { body: route.body(good) })
      expect(answer.status, route.path).toBe(202)
      const stored = await server.request('GET', `/v1/transactions/${answer.body.data.transactionId}`)
      expect(stored.body.data.metadata).toMatchObject(good)
    }
  })

  it('refuse a malformed KRA PIN or invoice number with 400 naming the key, on every money route', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ buyerKraPin: 'A12345678B' }, 'metadata.buyerKraPin'],
      [{ sellerKraPin: 'a123456789b' }, 'metadata.sellerKraPin'],
      [{ sellerKraPin: 123456789 }, 'metadata.sellerKraPin'],
      [{ taxInvoiceNumber: 'INV 1' }, 'metadata.taxInvoiceNumber'],
      [{ taxInvoiceNumber: '' }, 'metadata.taxInvoiceNumber'],
    ]
    for (const route of moneyRoutes()) {
      for (const [metadata, param] of bad) {
        const answer = await server.request('POST', route.path, { body: route.body(metadata) })
        expect(answer.status, `${route.path} ${JSON.stringify(metadata)}`).toBe(400)
        const error = errorOf(answer.body)
        expect(error.param).toBe(param)
        expect(error.message).toMatch(param.endsWith('Number') ? /tax invoice number/ : /KRA PIN/)
      }
    }
  })

  it('are documented with the same patterns in the OpenAPI document of each money route', () => {
    const document = generateOpenApi() as any
    for (const id of ['mobile.charge', 'mobile.b2c', 'mobile.b2b', 'bank.transfer'] as const) {
      const route = ROUTES[id]
      const operation = document.paths[route.path].post
      const schema = operation.requestBody.content['application/json'].schema
      const body = schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema
      const metadata = body.properties.metadata
      expect(metadata.properties.buyerKraPin.pattern, id).toBe('^[A-Z][0-9]{9}[A-Z]$')
      expect(metadata.properties.sellerKraPin.pattern, id).toBe('^[A-Z][0-9]{9}[A-Z]$')
      expect(metadata.properties.taxInvoiceNumber.pattern, id).toBe('^[A-Za-z0-9/._-]{1,64}$')
    }
  })
})

describe('console search by tax invoice number', () => {
  it('finds the payment by its invoice number in any letter case, as the one exact match', async () => {
    const paid = await server.request('POST', '/v1/mobile/b2c', { body: b2cBody({ metadata: { taxInvoiceNumber: 'KRAMW/2026/000917' } }) })
    const id = paid.body.data.transactionId
    for (const q of ['KRAMW/2026/000917', 'kramw/2026/000917']) {
      const found = await server.request('GET', `/console/search?q=${encodeURIComponent(q)}`, { headers: consoleAuth() })
      expect(found.status).toBe(200)
      const group = found.body.data.groups.find((g: { match: string }) => g.match === 'taxInvoice')
      expect(group.label).toBe(`Tax invoice ${q}`)
      expect(group.items.map((t: { publicId: string }) => t.publicId)).toEqual([id])
      expect(found.body.data.exactMatch).toBe(id)
    }
    const none = await server.request('GET', '/console/search?q=KRAMW%2F2026%2F000918', { headers: consoleAuth() })
    expect(none.body.data.groups).toEqual([])
  })
})

describe('reconciliation by tax invoice number', () => {
  it('matches a file row whose reference column holds the charge\'s tax invoice number', async () => {
    const headers = consoleAuth()
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ amount: 75_000, forceStatus: 'success', metadata: { taxInvoiceNumber: 'KRACU01/5150' } }) })
    const id = charge.body.data.transactionId
    for (let i = 0; i < 4; i++) {
      server.clock.advance(5_000)
      await server.service.tick()
    }
    const csv = 'Invoice No,Amount\r\nkracu01/5150,750\r\nKRACU01/0000,100\r\n'
    const response = await server.request('POST', '/console/reconciliations', {
      headers, body: { name: 'Invoices', csv, amountUnit: 'KES', from: '2026-11-21', to: '2026-11-21', timeZone: 'Africa/Nairobi', mapping: { reference: 'Invoice No', amount: 'Amount' } },
    })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    const items = response.body.data.items as { line: number | null; kind: string; transactionId: string | null; fileAmount: number | null }[]
    expect(items.find((item) => item.line === 2 && item.fileAmount !== null)).toMatchObject({ kind: 'matched', transactionId: id })
    expect(items.find((item) => item.line === 3 && item.fileAmount !== null)).toMatchObject({ kind: 'missing_in_paydesk', transactionId: null })
  })
})
