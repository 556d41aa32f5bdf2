import type { BenchContext } from '../context'
import { BENCH_CONSOLE_TOKEN, cpuSeconds, readServerDb, type PaydeskChild } from '../processes'
import { formatNumber, verdict, type FigureRow } from '../report'

export const RECONCILE_GOAL_MS = 3_000
const FILE_ROWS = 100_000
const RUNS = 3
const DAY_MS = 24 * 60 * 60 * 1000

interface PaidCharge {
  reference: string | null
  receipt: string | null
  phone: string | null
  amount: number
  createdAt: number
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * The newest local (UTC) days of the seeded history that hold at least FILE_ROWS completed charges, and
 * those charges, oldest first: the period a merchant would reconcile a month-end export against.
 */
function periodOfCharges(dbPath: string): { from: string; to: string; charges: PaidCharge[] } {
  return readServerDb(dbPath, (db) => {
    const organizationId = (db.prepare("SELECT value FROM settings WHERE key = 'demo.organizationId'").get() as { value: string }).value.replace(/"/g, '')
    const newest = (db.prepare("SELECT MAX(created_at) AS at FROM transactions WHERE type = 'charge'").get() as { at: number }).at
    const read = db.prepare(`SELECT merchant_transaction_id AS reference, processor_reference AS receipt, phone_number AS phone, amount, created_at AS createdAt
      FROM transactions WHERE organization_id = ? AND environment = 'test' AND created_at >= ? AND created_at <= ? AND type = 'charge'
      AND status IN ('completed', 'settled') ORDER BY created_at, id`)
    const to = day(newest)
    for (let days = 1; days <= 90; days++) {
      const from = day(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS)
      const charges = read.all(organizationId, Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`) + DAY_MS - 1) as PaidCharge[]
      if (charges.length >= FILE_ROWS) return { from, to, charges }
    }
    throw new Error(`the seeded history holds fewer than ${FILE_ROWS} completed charges`)
  })
}

/**
 * The merchant's export of the period: one row per paid order, FILE_ROWS of them, with what real files hold:
 * most rows by order number, some only with the M-Pesa receipt or only the phone (in a spoken spelling),
 * every 50th amount off by a shilling, every 97th an order Paydesk never saw, every 200th a row twice.
 */
function merchantFile(charges: readonly PaidCharge[]): string {
  const lines = ['Order No,M-Pesa Receipt,Phone,Amount,Date']
  for (let i = 0; lines.length <= FILE_ROWS; i++) {
    const charge = charges[i]!
    const amount = (i % 50 === 0 ? charge.amount + 100 : charge.amount) / 100
    const date = day(charge.createdAt).split('-').reverse().join('/')
    const phone = charge.phone ? `0${charge.phone.slice(4, 7)} ${charge.phone.slice(7, 10)} ${charge.phone.slice(10)}` : ''
    if (i % 97 === 0) lines.push(`NEVER-PAID-${i},,${phone},${amount.toFixed(2)},${date}`)
    else if (i % 7 === 0) lines.push(`,${charge.receipt?.toLowerCase() ?? ''},,${amount.toFixed(2)},${date}`)
    else if (i % 13 === 0) lines.push(`,,${phone},${amount.toFixed(2)},${date}`)
    else lines.push(`${charge.reference ?? ''},,${phone},${amount.toFixed(2)},${date}`)
    if (i % 200 === 0 && lines.length <= FILE_ROWS) lines.push(lines[lines.length - 1]!)
  }
  return `${lines.join('\r\n')}\r\n`
}

/**
 * A merchant file of 100,000 rows reconciled against the seeded database of a million
 * transactions, through POST /console/reconciliations over HTTP (the whole request: upload, parse, match,
 * save the items, answer the first page), RUNS times one after another; the median is the figure.
 */
export async function reconcileFigure(ctx: BenchContext, server: PaydeskChild, dbPath: string): Promise<FigureRow[]> {
  const { from, to, charges } = periodOfCharges(dbPath)
  const csv = merchantFile(charges)
  ctx.log(`  reconcile: ${formatNumber(FILE_ROWS)} rows (${formatNumber(csv.length / 1024 / 1024, 1)} MB) against ${formatNumber(charges.length)} completed charges of ${from}..${to}`)
  const body = JSON.stringify({
    name: 'bench', csv, amountUnit: 'KES', from, to, timeZone: 'UTC',
    mapping: { reference: 'Order No', receipt: 'M-Pesa Receipt', phone: 'Phone', amount: 'Amount', date: 'Date' },
  })
  const timings: number[] = []
  /** The server's CPU seconds per request (all its threads): what the figure costs on a machine shared with other work. */
  const cpu: number[] = []
  let summary: unknown
  for (let run = 0; run < RUNS; run++) {
    const cpuBefore = cpuSeconds(server.pid)
    const started = performance.now()
    const response = await fetch(`${server.url}/console/reconciliations`, {
      method: 'POST', body, headers: { authorization: `Bearer ${BENCH_CONSOLE_TOKEN}`, 'paydesk-environment': 'test', 'content-type': 'application/json' },
    })
    const answer = (await response.json()) as { data?: { summary: unknown } }
    timings.push(performance.now() - started)
    const cpuAfter = cpuSeconds(server.pid)
    if (cpuBefore !== null && cpuAfter !== null) cpu.push(cpuAfter - cpuBefore)
    if (response.status !== 201) throw new Error(`reconciliation answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`)
    summary = answer.data?.summary
  }
  const sorted = [...timings].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]!
  const cpuNote = cpu.length > 0 ? `; server CPU ${cpu.map((s) => formatNumber(s, 2)).join(', ')} s` : ''
  ctx.log(`  reconcile: ${timings.map((ms) => `${Math.round(ms)} ms`).join(', ')}${cpuNote}; summary ${JSON.stringify(summary)}`)
  return [{
    figure: `Reconcile ${formatNumber(FILE_ROWS)} file rows against ${formatNumber(ctx.searchRows)} transactions (POST /console/reconciliations)`,
    measured: `${formatNumber(median)} ms (median of ${RUNS}; ${sorted.map((ms) => formatNumber(ms)).join(', ')})`,
    goal: `≤ ${formatNumber(RECONCILE_GOAL_MS)} ms`, verdict: verdict(median <= RECONCILE_GOAL_MS),
    note: `over HTTP, ${formatNumber(charges.length)} completed charges in the period${cpuNote}`,
  }]
}
