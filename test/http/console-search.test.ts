import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { queryPlan } from '../support/query-plan'
import { chargeBody, consoleAuth, errorOf } from './helpers'

let server: TestServer
const NAIROBI = 'timeZone=Africa%2FNairobi'
const search = (q: string, extra = '') => server.request('GET', `/console/search?q=${encodeURIComponent(q)}&${NAIROBI}${extra}`, { headers: consoleAuth() })
const ids = (group: { items: { publicId: string }[] }) => group.items.map((t) => t.publicId)
const groupOf = (body: any, match: string) => body.data.groups.find((g: { match: string }) => g.match === match)

async function completedCharge(body: Record<string, unknown>): Promise<{ id: string; receipt: string }> {
  const accepted = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ forceStatus: 'success', ...body }) })
  expect(accepted.status).toBe(202)
  server.clock.advance(3_001)
  await server.service.tick()
  const id = accepted.body.data.transactionId as string
  const read = await server.request('GET', `/v1/transaction?transactionId=${id}`)
  return { id, receipt: read.body.data.processorReference as string }
}

// The fake clock starts on 2026-11-21 09:00 UTC = 12:00 in Nairobi.
let yesterday: { id: string; receipt: string }
let today: { id: string; receipt: string }
let otherPhone: { id: string; receipt: string }
let ambiguous: { id: string; receipt: string }
beforeAll(async () => {
  server = await startTestServer()
  yesterday = await completedCharge({ phoneNumber: '0712345678', amount: 150_000, merchantTransactionId: 'ORDER-77', narration: 'School fees for Amina' })
  server.clock.advance(24 * 60 * 60 * 1000)
  today = await completedCharge({ phoneNumber: '+254712345678', amount: 150_000, narration: 'Groceries' })
  otherPhone = await completedCharge({ phoneNumber: '0722000111', amount: 250_000, narration: 'School uniform' })
  // A merchant reference that is also an amount: "1500" is ambiguous.
  ambiguous = await completedCharge({ phoneNumber: '0733000222', amount: 990_000, merchantTransactionId: '1500' })
})
afterAll(() => server.close())

describe('GET /console/search', () => {
  it('finds a transaction by its Paydesk id and opens it directly', async () => {
    const response = await search(yesterday.id)
    expect(response.status).toBe(200)
    expect(response.body.data.groups.map((g: { match: string }) => g.match)).toEqual(['transactionId'])
    expect(response.body.data.exactMatch).toBe(yesterday.id)
  })

  it('finds by merchant reference', async () => {
    const response = await search('ORDER-77')
    expect(ids(groupOf(response.body, 'merchantReference'))).toEqual([yesterday.id])
    expect(response.body.data.exactMatch).toBe(yesterday.id)
  })

  it('finds by receipt in any case', async () => {
    for (const typed of [today.receipt, today.receipt.toLowerCase(), ` ${today.receipt.toLowerCase()} `]) {
      const response = await search(typed)
      expect(ids(groupOf(response.body, 'receipt'))).toEqual([today.id])
      expect(response.body.data.exactMatch).toBe(today.id)
    }
  })

  it('finds by phone number in every spelling a person says or types, newest first', async () => {
    for (const spoken of ['0712 345 678', '0712345678', '712345678', '254712345678', '+254 712 345 678', '0712-345-678']) {
      const response = await search(spoken)
      expect(response.status).toBe(200)
      expect(response.body.data.understood.phoneNumber).toBe('+254712345678')
      expect(ids(groupOf(response.body, 'phone'))).toEqual([today.id, yesterday.id])
      expect(response.body.data.exactMatch).toBeNull()
    }
  })

  it('finds by amount in shillings, written any way, newest first', async () => {
    for (const typed of ['1500', '1,500', 'KES 1,500.00', 'kes 1500', 'Ksh 1,500']) {
      const response = await search(typed)
      expect(response.body.data.understood.amount).toBe(150_000)
      expect(ids(groupOf(response.body, 'amount'))).toEqual([today.id, yesterday.id])
    }
  })

  it('narrows an amount to a local day: yesterday, today or a date', async () => {
    expect(ids(groupOf((await search('1500 yesterday')).body, 'amount'))).toEqual([yesterday.id])
    expect(ids(groupOf((await search('1,500 today')).body, 'amount'))).toEqual([today.id])
    expect(ids(groupOf((await search('KES 1,500.00 2026-11-21')).body, 'amount'))).toEqual([yesterday.id])
    const day = (await search('1500 yesterday')).body.data.understood.day
    // Nairobi is UTC+3: its 21 November starts at 20 November 21:00 UTC.
    expect(day).toEqual({ from: '2026-11-21', to: '2026-11-21', fromMs: Date.UTC(2026, 10, 20, 21), toMs: Date.UTC(2026, 10, 21, 21) - 1 })
    expect(groupOf((await search('1500 2026-11-01')).body, 'amount')).toBeUndefined()
  })

  it('finds by narration words (any order, any case; the last may be the start of a word)', async () => {
    expect(ids(groupOf((await search('school')).body, 'narration'))).toEqual([otherPhone.id, yesterday.id])
    expect(ids(groupOf((await search('amina SCHOOL')).body, 'narration'))).toEqual([yesterday.id])
    expect(ids(groupOf((await search('fees ami')).body, 'narration'))).toEqual([yesterday.id])
    expect(ids(groupOf((await search('groc')).body, 'narration'))).toEqual([today.id])
  })

  it('groups ambiguous input by what matched and opens nothing directly', async () => {
    const response = await search('1500')
    expect(response.body.data.groups.map((g: { match: string }) => g.match)).toEqual(['merchantReference', 'amount'])
    expect(ids(groupOf(response.body, 'merchantReference'))).toEqual([ambiguous.id])
    expect(response.body.data.exactMatch).toBeNull()
  })

  it('answers misses with no groups', async () => {
    for (const miss of ['NOSUCHREF', '0799 999 999', '123456', 'zebra crossing', 'KES 1,500.00 2020-01-01']) {
      const response = await search(miss)
      expect(response.status).toBe(200)
      expect(response.body.data.groups).toEqual([])
      expect(response.body.data.exactMatch).toBeNull()
    }
  })

  it('limits each group and says when there is more', async () => {
    const response = await search('1500', '&limit=1')
    expect(groupOf(response.body, 'amount')).toMatchObject({ more: true })
    expect(groupOf(response.body, 'amount').items).toHaveLength(1)
  })

  it('refuses bad input with a clear error', async () => {
    const empty = await search('   ')
    expect(empty.status).toBe(400)
    expect(errorOf(empty.body).param).toBe('q')
    expect((await search('x'.repeat(201))).status).toBe(400)
    const zone = await server.request('GET', '/console/search?q=1500&timeZone=Mars%2FOlympus', { headers: consoleAuth() })
    expect(zone.status).toBe(400)
    expect(errorOf(zone.body).param).toBe('timeZone')
    // Odd characters are never passed to FTS5 as syntax.
    for (const odd of ['"', 'NEAR(', 'a OR b*', "'; DROP TABLE transactions; --"]) expect((await search(odd)).status).toBe(200)
  })

  it('needs the console credential and keeps environments apart', async () => {
    expect((await server.request('GET', '/console/search?q=1500')).status).toBe(403)
    const live = await server.request('GET', `/console/search?q=${yesterday.id}`, { headers: consoleAuth('live') })
    expect(live.body.data.groups).toEqual([])
  })
})

describe('search never scans the transactions table', () => {
  it('answers every lookup from an index (EXPLAIN QUERY PLAN)', () => {
    const { db, search: repo } = server.service.internals.store
    const params = { organizationId: 'o', environment: 'test', value: 'x', limit: 5, fromMs: 0, toMs: 1, amount: 1, match: '"x"*', window: 20 }
    for (const [name, statement] of Object.entries(repo.statements)) {
      const details = queryPlan(db, statement.source, params)
      expect(details.some((d) => /^(SEARCH|SCAN) .*(USING|VIRTUAL TABLE INDEX)/.test(d)), `${name}: ${details.join(' | ')}`).toBe(true)
      expect(details.filter((d) => /^SCAN (transactions|t)\b(?!_fts)/.test(d)), `${name}: ${details.join(' | ')}`).toEqual([])
      // Seeking only (organization, environment) walks every row of the environment: a scan in disguise.
      const onlyScope = /^SEARCH (transactions|t) USING (COVERING )?INDEX \w+ \(organization_id=\? AND environment=\?\)$/
      expect(details.filter((d) => onlyScope.test(d)), `${name}: ${details.join(' | ')}`).toEqual([])
    }
  })
})
