import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { consoleAuth } from './helpers'

/**
 * The OpenAPI document the server answers (GET /openapi.json) states the limits its console routes keep:
 * what the server refuses, the document refuses too, and what the document allows for these fields the
 * server takes (a time zone name excepted: which names exist is the host's time zone data).
 */

let server: TestServer
let document: any
const auth = consoleAuth()
beforeAll(async () => {
  server = await startTestServer()
  document = await (await fetch(`${server.url}/openapi.json`)).json()
})
afterAll(() => server.close())

const bodySchema = (path: string) => document.paths[path].post.requestBody.content['application/json'].schema
const parameter = (path: string, name: string) => document.paths[path].get.parameters.find((p: { name: string }) => p.name === name).schema
/** The few keywords these fields use, as a JSON Schema validator reads them. */
function allows(schema: any, value: any): boolean {
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && [...value].length < schema.minLength) return false
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength) return false
    return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value)
  }
  const has = (keys: string[]) => keys.every((key) => key in value)
  if (schema.required && !has(schema.required)) return false
  return schema.anyOf === undefined || schema.anyOf.some((branch: any) => has(branch.required ?? []))
}

describe('GET /openapi.json states the console routes\' real limits', () => {
  it('POST /console/payout-batches: an empty csv is refused by both', async () => {
    const csv = bodySchema('/console/payout-batches').properties.csv
    const refused = await server.request('POST', '/console/payout-batches', { headers: auth, body: { name: 'Empty', csv: '' } })
    expect(refused.status).toBe(400)
    expect(allows(csv, '')).toBe(false)
    expect(allows(csv, 'phoneNumber,amount\n0712345678,100\n')).toBe(true)
  })

  it('POST /console/reconciliations: the mapping needs one of reference, receipt or phone in both', async () => {
    const mapping = bodySchema('/console/reconciliations').properties.mapping
    const reconcile = (map: Record<string, string>) => server.request('POST', '/console/reconciliations', {
      headers: auth, body: { name: 'Limits', csv: 'Ref,Receipt,Phone,Amount\nA,B,0712345678,100\n', amountUnit: 'KES', from: '2026-11-21', to: '2026-11-21', timeZone: 'UTC', mapping: map },
    })
    expect((await reconcile({ amount: 'Amount' })).status).toBe(400)
    expect(allows(mapping, { amount: 'Amount' })).toBe(false)
    for (const [field, column] of [['reference', 'Ref'], ['receipt', 'Receipt'], ['phone', 'Phone']]) {
      expect((await reconcile({ amount: 'Amount', [field!]: column! })).status, field).toBe(201)
      expect(allows(mapping, { amount: 'Amount', [field!]: column! }), field).toBe(true)
    }
  })

  it('GET /console/customers/{phoneNumber}: the spellings the server reads are the pattern\'s', async () => {
    const phone = parameter('/console/customers/{phoneNumber}', 'phoneNumber')
    expect(phone.pattern).toBeDefined()
    const spellings = ['0712 345 678', '+254712345678', '712345678', '254 712-345-678', '(0712) 345.678', '+ 254 1 1234 5678',
      '0812345678', '07123456789', '0712 345 67', 'abc', '+254', '12345678901', '0712345678x', '++254712345678']
    for (const spelling of spellings) {
      const status = (await server.request('GET', `/console/customers/${encodeURIComponent(spelling)}`, { headers: auth })).status
      expect([200, 400], spelling).toContain(status)
      expect(allows(phone, spelling), spelling).toBe(status === 200)
    }
  })

  it('timeZone: a name the document\'s pattern refuses the server refuses; every zone the host knows matches it', async () => {
    const timeZone = parameter('/console/statements', 'timeZone')
    expect(timeZone.pattern).toBeDefined()
    for (const zone of [...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/GMT+3']) expect(allows(timeZone, zone), zone).toBe(true)
    for (const junk of ['../etc/passwd', 'Africa/Nairobi ', ' UTC', 'Africa//Nairobi', 'UTC;DROP', '/UTC']) {
      expect(allows(timeZone, junk), junk).toBe(false)
      const status = (await server.request('GET', `/console/search?q=1500&timeZone=${encodeURIComponent(junk)}`, { headers: auth })).status
      expect(status, junk).toBe(400)
    }
  })
})
