import { join } from 'node:path'
import { profileDirOf, type BenchContext } from '../context'
import { API_HEADERS, BENCH_CONSOLE_TOKEN, cpuSeconds, startPaydesk, type PaydeskChild } from '../processes'
import { formatNumber, verdict, type FigureRow } from '../report'

export const PREVIEW_GOAL_MS = 1_000
export const RUN_GOAL_ROWS_PER_S = 1_000
const ROWS = 10_000
const ROUNDS = 3
const CONSOLE_HEADERS = { authorization: `Bearer ${BENCH_CONSOLE_TOKEN}`, 'paydesk-environment': 'test', 'content-type': 'application/json' }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

/** A salary file as a merchant writes it: 10,000 phones, amounts with thousands separators, one bank row in ten. */
function payoutFile(round: number): string {
  const lines = ['phoneNumber,amount,reference,narration,type,bankCode,accountNumber']
  for (let i = 0; i < ROWS; i++) {
    const amount = `"${(1_000 + (i % 400) * 7).toLocaleString('en-US')}.00"`
    if (i % 10 === 9) lines.push(`,${amount},b${round}-${i},Supplier,bank,01,${2_000_000 + i}`)
    else lines.push(`07${String(10_000_000 + i).slice(-8)},${amount},b${round}-${i},Salary,,,`)
  }
  return `${lines.join('\n')}\n`
}

async function consoleCall(server: PaydeskChild, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(server.url + path, { method, headers: CONSOLE_HEADERS, body: body === undefined ? undefined : JSON.stringify(body) })
  const parsed = (await response.json()) as { data?: unknown }
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(parsed).slice(0, 300)}`)
  return parsed.data
}

/** Upload to the last byte of the preview (every row checked, named and priced), in ms. */
async function preview(server: PaydeskChild, round: number): Promise<{ ms: number; cpuMs: number; id: string }> {
  const body = JSON.stringify({ name: `Bench ${round}`, csv: payoutFile(round) })
  const cpuAtStart = cpuSeconds(server.pid) ?? NaN
  const started = performance.now()
  const response = await fetch(`${server.url}/console/payout-batches`, { method: 'POST', headers: CONSOLE_HEADERS, body })
  const text = await response.text()
  const ms = performance.now() - started
  const cpuMs = ((cpuSeconds(server.pid) ?? NaN) - cpuAtStart) * 1000
  if (response.status !== 201) throw new Error(`preview answered ${response.status}: ${text.slice(0, 300)}`)
  const batch = JSON.parse(text) as { data: { id: string; totals: { validRows: number } } }
  if (batch.data.totals.validRows !== ROWS) throw new Error(`preview found ${batch.data.totals.validRows} valid rows of ${ROWS}`)
  return { ms, cpuMs, id: batch.data.id }
}

/** Submit to every row sent (its payout accepted), polling the list's progress every 250 ms, as a console would; then to every row final. */
async function run(server: PaydeskChild, id: string): Promise<{ sentS: number; sentCpuS: number; finishedS: number }> {
  const started = performance.now()
  const cpuAtStart = cpuSeconds(server.pid) ?? NaN
  await consoleCall(server, 'POST', `/console/payout-batches/${id}/submit`, {})
  let sentS = NaN
  let sentCpuS = NaN
  for (;;) {
    const batch = (await consoleCall(server, 'GET', '/console/payout-batches')).items.find((item: { id: string }) => item.id === id)
    if (Number.isNaN(sentS) && batch.progress.queued === 0) {
      sentS = (performance.now() - started) / 1000
      sentCpuS = (cpuSeconds(server.pid) ?? NaN) - cpuAtStart
    }
    if (batch.status === 'completed' || batch.status === 'completed_with_failures') return { sentS, sentCpuS, finishedS: (performance.now() - started) / 1000 }
    if (performance.now() - started > 120_000) throw new Error(`batch ${id} still ${batch.status} after 120 s`)
    await new Promise((wait) => setTimeout(wait, 250))
  }
}

/**
 * Bulk payouts: a 10,000-row file uploaded and previewed, then run with the fast
 * simulator, ROUNDS times alternately on one server (fresh references each round); medians.
 */
export async function payoutBatchFigures(ctx: BenchContext): Promise<FigureRow[]> {
  const server = await startPaydesk({ dbPath: join(ctx.scratch, 'payout-batches.db'), simulator: 'fast', cpuProfileDir: profileDirOf(ctx, 'payouts') })
  try {
    const accounts = await (await fetch(`${server.url}/v1/accounts?type=payouts&scope=default`, { headers: API_HEADERS })).json() as { data: { items: { accountNo: string }[] } }
    await consoleCall(server, 'POST', '/console/funds/top-up', { accountNo: accounts.data.items[0]!.accountNo, amount: 10_000_000_000 })
    const previews: number[] = []
    const previewCpu: number[] = []
    const sent: number[] = []
    const finished: number[] = []
    const perCpuSecond: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const uploaded = await preview(server, round)
      const ran = await run(server, uploaded.id)
      previews.push(uploaded.ms)
      previewCpu.push(uploaded.cpuMs)
      sent.push(ROWS / ran.sentS)
      finished.push(ran.finishedS)
      perCpuSecond.push(ROWS / ran.sentCpuS)
      ctx.log(`  round ${round + 1}: preview ${uploaded.ms.toFixed(0)} ms (${uploaded.cpuMs.toFixed(0)} ms of the server's CPU); run ${formatNumber(ROWS / ran.sentS)} rows/s sent (${formatNumber(ROWS / ran.sentCpuS)} per CPU-second of the server), all final after ${ran.finishedS.toFixed(1)} s`)
    }
    const previewMs = median(previews)
    const rowsPerS = median(sent)
    return [
      {
        figure: `Bulk payouts: ${formatNumber(ROWS)}-row file validated and previewed`, measured: `${formatNumber(previewMs)} ms (median of ${ROUNDS})`,
        goal: `<= ${formatNumber(PREVIEW_GOAL_MS)} ms`, verdict: verdict(previewMs <= PREVIEW_GOAL_MS),
        note: `upload to the last byte of the preview over HTTP: every row parsed, name-checked, priced, stored (${formatNumber(median(previewCpu))} ms of the server's CPU)`,
      },
      {
        figure: `Bulk payouts: run of ${formatNumber(ROWS)} rows, fast simulator`, measured: `${formatNumber(rowsPerS)} rows/s (median of ${ROUNDS})`,
        goal: `>= ${formatNumber(RUN_GOAL_ROWS_PER_S)} rows/s`, verdict: verdict(rowsPerS >= RUN_GOAL_ROWS_PER_S),
        note: `submit to every row's payout accepted (${formatNumber(median(perCpuSecond))} rows per CPU-second of the server); every row final after ${formatNumber(median(finished), 1)} s (median)`,
      },
    ]
  } finally {
    await server.stop()
  }
}
