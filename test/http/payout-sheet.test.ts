import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ref, startTestServer, type TestServer } from '../support/harness'
import { consoleAuth, errorOf } from './helpers'

/** Bulk payouts take the sheet a bookkeeper keeps: extra columns, a name column, rows put right on screen, drafts deleted. */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await server.request('PUT', '/console/customers/0799100001', { headers: auth, body: { name: 'FATUMA MUNYAO' } })
  await server.request('PUT', '/console/customers/0799100002', { headers: auth, body: { name: 'PETER OTIENO' } })
})
afterAll(() => server.close())

const auth = consoleAuth()
const create = (csv: string) => server.request('POST', '/console/payout-batches', { headers: auth, body: { name: 'Salaries', csv } })
const path = (id: string, line?: number) => `/console/payout-batches/${id}${line === undefined ? '' : `/rows/${line}`}`

describe('a salary sheet as people keep it', () => {
  it('keeps columns Paydesk does not use (named in unusedColumns) and reads Employee as the intended name, marked where it differs', async () => {
    const csv = `Staff No,Employee,Phone,Amount,Department\n17,Fatuma Munyao,0799100001,"25,000",Sales\n18,Fatuma Munyao,0799100002,"10,000",Sales\n`
    const response = await create(csv)
    expect(response.status).toBe(201)
    const batch = response.body.data
    expect(batch.unusedColumns).toEqual(['Staff No', 'Department'])
    expect(batch.rows.map((row: any) => [row.status, row.intendedName, row.recipientName, row.nameDiffers])).toEqual([
      ['valid', 'Fatuma Munyao', 'FATUMA MUNYAO', false], ['valid', 'Fatuma Munyao', 'PETER OTIENO', true],
    ])
    expect((await server.request('GET', path(batch.id), { headers: auth })).body.data.rows[1]).toMatchObject({ intendedName: 'Fatuma Munyao', nameDiffers: true })
    expect((await server.request('GET', path(batch.id), { headers: auth })).body.data.unusedColumns).toEqual(['Staff No', 'Department'])
  })

  it.each(['name', 'RECIPIENT', 'Payee'])('reads a %s column as the intended name', async (header) => {
    const batch = (await create(`phoneNumber,amount,${header}\n0799100002,100,Peter Otieno\n`)).body.data
    expect(batch.rows[0]).toMatchObject({ intendedName: 'Peter Otieno', nameDiffers: false })
  })
})

describe('rows put right before submitting', () => {
  it('drops a row and corrects another, the totals following; the corrected row is checked as an upload checks it', async () => {
    const taken = ref('taken')
    const batch = (await create(`phone,amount,reference,name\n0799100001,"1,000",${taken},Fatuma\n07123,500,,Peter\n0799100002,200,,Peter\n`)).body.data
    expect(batch.totals).toMatchObject({ rows: 3, validRows: 2, amount: 120_000 })
    const dropped = await server.request('DELETE', path(batch.id, 4), { headers: auth })
    expect(dropped.status).toBe(200)
    expect(dropped.body.data.totals).toMatchObject({ rows: 2, validRows: 1, amount: 100_000 })
    expect(dropped.body.data.rows.map((row: any) => row.line)).toEqual([2, 3])
    const clash = await server.request('PUT', path(batch.id, 3), { headers: auth, body: { phoneNumber: '0799100002', amount: '300', reference: taken } })
    expect(clash.body.data.rows[1]).toMatchObject({ status: 'invalid', errors: [`reference ${taken} is also on line 2 (a reference names one payout)`] })
    const fixed = await server.request('PUT', path(batch.id, 3), { headers: auth, body: { phoneNumber: '0799100002', amount: 'KES 1,500', name: 'Peter Otieno' } })
    expect(fixed.status).toBe(200)
    expect(fixed.body.data.rows[1]).toMatchObject({ line: 3, status: 'valid', recipient: '+254799100002', intendedName: 'Peter Otieno', nameDiffers: false, amount: 150_000, reference: `${batch.id}-3` })
    expect(fixed.body.data.totals).toMatchObject({ rows: 2, validRows: 2, amount: 250_000 })
    expect(fixed.body.data.status).toBe('draft')
  })

  it('says no to a row that is not there, the last row, and any change once the batch was submitted', async () => {
    const batch = (await create(`phoneNumber,amount\n0799100001,100\n`)).body.data
    expect((await server.request('DELETE', path(batch.id, 9), { headers: auth })).status).toBe(404)
    const last = await server.request('DELETE', path(batch.id, 2), { headers: auth })
    expect(errorOf(last.body)).toMatchObject({ param: 'line', message: expect.stringMatching(/last row: delete the batch/) })
    const bad = await server.request('PUT', path(batch.id, 2), { headers: auth, body: { amount: 1500 } })
    expect(errorOf(bad.body)).toMatchObject({ param: 'amount' })
    expect((await server.request('POST', `${path(batch.id)}/submit`, { headers: auth, body: {} })).status).toBe(200)
    const late = await server.request('PUT', path(batch.id, 2), { headers: auth, body: { phoneNumber: '0799100002', amount: '100' } })
    expect(late.status).toBe(409)
    expect(errorOf(late.body).message).toMatch(/is running; rows are corrected only while it is a draft/)
  })
})

describe('DELETE /console/payout-batches/{id}', () => {
  it('deletes a draft with its rows, and refuses a submitted batch', async () => {
    const draft = (await create(`phoneNumber,amount\n0799100001,100\n`)).body.data
    const deleted = await server.request('DELETE', path(draft.id), { headers: auth })
    expect(deleted.status).toBe(200)
    expect(deleted.body.data).toEqual({ id: draft.id, deleted: true })
    expect((await server.request('GET', path(draft.id), { headers: auth })).status).toBe(404)
    const list = (await server.request('GET', '/console/payout-batches', { headers: auth })).body.data.items
    expect(list.map((batch: any) => batch.id)).not.toContain(draft.id)
    const sent = (await create(`phoneNumber,amount\n0799100002,100\n`)).body.data
    await server.request('POST', `${path(sent.id)}/submit`, { headers: auth, body: {} })
    const refused = await server.request('DELETE', path(sent.id), { headers: auth })
    expect(refused.status).toBe(409)
    expect((await server.request('GET', path(sent.id), { headers: auth })).status).toBe(200)
  })
})
