import { request as httpRequest, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Har } from '../../shared/schemas/har'
import { CONSOLE_TOKEN, ref, startTestServer, type TestServer } from '../support/harness'
import { chargeBody, consoleAuth, defaultAccount } from './helpers'

/**
 * Large downloads are written from pages of the database. A HAR export of a large log: the rows read at once stay at one page
 * (25) whatever the log holds, the whole log is never read, and the bytes are those of the whole document. The
 * same for a bulk payout's results, a reconciliation's export and the statement files (500 rows or postings a page).
 * One heavy export at a time per organization: another while one is being written is refused (429).
 */

let server: TestServer
const ENTRIES = 300
// Request bodies over 64 KiB are refused (400) and logged cut to 64 KiB: a log of ~20 MB of bodies.
const BIG = chargeBody({ narration: 'x'.repeat(70 * 1024) })
beforeAll(async () => {
  server = await startTestServer()
  for (let i = 0; i < ENTRIES; i += 20) {
    await Promise.all(Array.from({ length: 20 }, () => server.request('POST', '/v1/mobile/charge', { body: BIG })))
  }
}, 60_000)
afterAll(() => server.close())

/** Counts what an export reads from a repository: rows per read, by method. */
function countReads(table: 'apiRequests' | 'payoutBatchRows' | 'reconciliationItems' | 'statements' = 'apiRequests', names: readonly string[] = ['list', 'bySeqs']): { reads: Record<string, number[]>; restore(): void } {
  const repo = server.service.internals.store[table] as unknown as Record<string, (...args: unknown[]) => unknown>
  const reads: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]))
  const originals = Object.fromEntries(names.map((name) => [name, repo[name]!]))
  for (const name of names) {
    repo[name] = (...args: unknown[]) => {
      const rows = originals[name]!.apply(repo, args) as unknown[]
      reads[name]!.push(rows.length)
      return rows
    }
  }
  return { reads, restore: () => Object.assign(repo, originals) }
}

/** A GET whose answer is not read until `resume` is called: the server sees a slow client. */
function slowGet(path: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.url)
    const req = httpRequest(url, { headers: consoleAuth() }, resolve)
    req.on('error', reject)
    req.end()
  })
}

async function bodyOf(response: IncomingMessage): Promise<string> {
  response.setEncoding('utf8')
  let text = ''
  for await (const chunk of response) text += chunk
  return text
}

describe('GET /console/requests.har of a large log', () => {
  it('reads the log a page at a time and writes the same bytes as the whole document', async () => {
    const counted = countReads()
    let text: string
    let response: Response
    try {
      response = await fetch(`${server.url}/console/requests.har?limit=5000&path=/v1/mobile/charge`, { headers: consoleAuth() })
      text = await response.text()
    } finally {
      counted.restore()
    }
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBeNull()
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="paydesk-requests.har"')
    const har = JSON.parse(text) as Har
    expect(har.log.entries).toHaveLength(ENTRIES)
    expect(text.length).toBeGreaterThan(ENTRIES * 64 * 1024)
    // Never the whole log at once: one page of 25 rows at a time, 12 pages.
    expect(counted.reads['list']).toEqual([])
    expect(Math.max(...counted.reads['bySeqs']!)).toBe(25)
    expect(counted.reads['bySeqs']).toHaveLength(ENTRIES / 25)
    // The same document IPC and in-process callers get whole.
    const whole = server.service.call('console.requests.har', { query: { limit: '5000', path: '/v1/mobile/charge' } }, { bearer: CONSOLE_TOKEN })
    expect(text).toBe(`${JSON.stringify((whole.body as { data: Har }).data, null, 2)}\n`)
  }, 60_000)

  it('one heavy export at a time per organization: a second while the first is written is refused with Retry-After', async () => {
    const counted = countReads()
    try {
      const first = await slowGet('/console/requests.har?limit=5000')
      expect(first.statusCode).toBe(200)
      // The first is waiting for its slow client: only part of the log has been read.
      expect(counted.reads['bySeqs']!.length).toBeLessThan(ENTRIES / 25)
      const second = await server.request('GET', '/console/requests.har?limit=10', { headers: consoleAuth() })
      expect(second.status).toBe(429)
      expect(second.headers.get('retry-after')).toBe('2')
      expect(second.body.error.message).toMatch(/one heavy export at a time/)
      // Once the first is read, the next one goes.
      const har = JSON.parse(await bodyOf(first)) as Har
      expect(har.log.entries.length).toBeGreaterThanOrEqual(ENTRIES)
      const third = await server.request('GET', '/console/requests.har?limit=10', { headers: consoleAuth() })
      expect(third.status).toBe(200)
    } finally {
      counted.restore()
    }
  }, 60_000)
})

describe('GET /console/payout-batches/{id}/results.csv of a large batch', () => {
  it('reads the rows 500 at a time and writes the same bytes as the whole file', async () => {
    const lines = Array.from({ length: 1_200 }, (_, i) => `07${String(12_000_000 + i).padStart(8, '0')},100,${ref('res')}`)
    const created = await server.request('POST', '/console/payout-batches', { headers: consoleAuth(), body: { name: 'Large', csv: `phoneNumber,amount,reference\n${lines.join('\n')}\n` } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.data.id as string
    const counted = countReads('payoutBatchRows', ['rows', 'rowsPage'])
    let text: string
    try {
      const response = await fetch(`${server.url}/console/payout-batches/${id}/results.csv`, { headers: consoleAuth() })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${id}-results.csv"`)
      text = await response.text()
    } finally {
      counted.restore()
    }
    expect(counted.reads['rows']).toEqual([])
    expect(counted.reads['rowsPage']).toEqual([500, 500, 200, 0])
    expect(text.split('\r\n')).toHaveLength(1_202)
    const whole = server.service.call('console.payoutBatches.results', { params: { batchId: id } }, { bearer: CONSOLE_TOKEN, environment: 'test' })
    expect(text).toBe((whole.body as { data: string }).data)
  })
})

describe('GET /console/reconciliations/{id}/export.csv of a large file', () => {
  it('walks the file\'s records and reads the items 500 at a time; the same bytes as the whole export', async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => `none-${i},${10 + i}`)
    const body = {
      name: 'Large', csv: `Order,Amount\r\n${rows.join('\r\n')}\r\n`, amountUnit: 'KES', from: '2026-11-21', to: '2026-11-21', timeZone: 'UTC',
      mapping: { reference: 'Order', amount: 'Amount' },
    }
    const created = await server.request('POST', '/console/reconciliations', { headers: consoleAuth(), body })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.data.id as string
    const counted = countReads('reconciliationItems', ['all', 'between'])
    let text: string
    try {
      const response = await fetch(`${server.url}/console/reconciliations/${id}/export.csv`, { headers: consoleAuth() })
      expect(response.status).toBe(200)
      text = await response.text()
    } finally {
      counted.restore()
    }
    expect(counted.reads['all']).toEqual([])
    expect(counted.reads['between']!.slice(0, 3)).toEqual([500, 500, 200])
    expect(Math.max(...counted.reads['between']!)).toBeLessThanOrEqual(500)
    expect(text.split('\r\n').filter(Boolean).length).toBeGreaterThanOrEqual(1_201)
    const whole = server.service.call('console.reconciliations.export', { params: { id } }, { bearer: CONSOLE_TOKEN, environment: 'test' })
    expect(text).toBe((whole.body as { data: string }).data)
  })
})

describe('GET /console/statements/{accountNo}.ofx and .csv of a busy account', () => {
  const DAY = '2026-11-21'
  let accountNo: string
  let postings: number
  beforeAll(async () => {
    accountNo = (await defaultAccount(server, 'collections')).accountNo
    // Two waves of charges: the first's 120 completed and settled (two lines, three postings each), the
    // second's 150 completed only (settlement an hour away). The 500th posting is a completion whose line
    // is finished only when the next page's first posting is read, and whose fee is shown apart with the
    // charge's amount read from the page before (no posting of that charge is in the next page).
    const simulator = (await server.request('GET', '/console/simulator', { headers: consoleAuth() })).body.data as { mode: string }
    for (const [first, count, settlementDelayMs] of [[0, 120, null], [120, 150, 3_600_000]] as const) {
      const set = await server.request('PUT', '/console/simulator', { headers: consoleAuth(), body: { mode: simulator.mode, paused: false, settlementDelayMs } })
      expect(set.status).toBe(200)
      for (let i = first; i < first + count; i += 25) {
        const answers = await Promise.all(Array.from({ length: Math.min(25, first + count - i) }, (_, j) => server.request('POST', '/v1/mobile/charge', {
          body: chargeBody({ amount: 10_000 + (i + j) * 100, forceStatus: 'success', narration: j % 3 === 0 ? '=cmd|x & <y>' : undefined }),
        })))
        expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202))
      }
      for (let i = 0; i < 6; i += 1) {
        server.clock.advance(5_000)
        await server.service.tick()
      }
    }
    const store = server.service.internals.store
    const account = store.accounts.getByNo(accountNo)!
    const { fromMs, toMs } = (await import('../../shared/local-days')).dayRange(DAY, DAY, 'Africa/Nairobi')
    postings = store.statements.postingCount(account.id, fromMs, toMs)
    expect(postings).toBe(510)
    const all = store.statements.postings(account.id, fromMs, toMs)
    expect([all[499]!.bucket, all[499]!.amount > 0, all[499]!.fees > 0]).toEqual(['pending', true, true])
    expect(all.slice(500).map((p) => p.transaction_id)).not.toContain(all[499]!.transaction_id)
    await server.request('PUT', '/console/simulator', { headers: consoleAuth(), body: { mode: simulator.mode, paused: false, settlementDelayMs: null } })
  }, 60_000)

  for (const [name, path, id, query] of [
    ['OFX', '.ofx', 'console.statements.ofx', {}],
    ['Xero CSV', '.csv?format=xero&', 'console.statements.csv', { format: 'xero' }],
    ['QuickBooks CSV', '.csv?format=quickbooks&', 'console.statements.csv', { format: 'quickbooks' }],
  ] as const) {
    it(`${name}: reads the postings 500 at a time, never all at once; the same bytes as the whole file`, async () => {
      const counted = countReads('statements', ['postings', 'iteratePostings', 'postingsPage'])
      let text: string
      try {
        const response = await fetch(`${server.url}/console/statements/${accountNo}${path.includes('?') ? path : `${path}?`}from=${DAY}&to=${DAY}`, { headers: consoleAuth() })
        expect(response.status).toBe(200)
        expect(response.headers.get('content-length')).toBeNull()
        text = await response.text()
      } finally {
        counted.restore()
      }
      expect(counted.reads['postings']).toEqual([])
      expect(counted.reads['iteratePostings']).toEqual([])
      const pages = counted.reads['postingsPage']!
      expect(pages.reduce((sum, n) => sum + n, 0)).toBe(postings)
      expect(pages.length).toBe(Math.floor(postings / 500) + 1)
      expect(Math.max(...pages)).toBe(500)
      const whole = server.service.call(id, { params: { accountNo }, query: { from: DAY, to: DAY, ...query } }, { bearer: CONSOLE_TOKEN, environment: 'test' })
      expect(text).toBe((whole.body as { data: string }).data)
    })
  }

  it('is a heavy export: refused (429) while another of the organization is being written', async () => {
    const first = await slowGet('/console/requests.har?limit=5000')
    expect(first.statusCode).toBe(200)
    for (const path of [`${accountNo}.ofx?from=${DAY}&to=${DAY}`, `${accountNo}.csv?format=xero&from=${DAY}&to=${DAY}`]) {
      const refused = await server.request('GET', `/console/statements/${path}`, { headers: consoleAuth() })
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('2')
    }
    await bodyOf(first)
    expect((await fetch(`${server.url}/console/statements/${accountNo}.ofx?from=${DAY}&to=${DAY}`, { headers: consoleAuth() })).status).toBe(200)
  }, 60_000)
})
