// A connected Paydesk (operate mode) running a bulk payout in its own process, to be SIGKILLed mid-run
// (test/http/upstream-operate-batches-crash.test.ts). argv: <db file> <provider url> <provider key> <csv file, or "-" to
// resume>. Unclear rows are looked up at once (the outbox's resolve) rather than after their grace. Prints
// the batch's results.csv after a line "done" once no row waits.
import { readFileSync } from 'node:fs'
import { createService } from '../../electron/service'
import { engineInternals } from '../../electron/service/test-access'
import { CONSOLE_TOKEN } from './harness'

const [dbPath, providerUrl, providerKey, csvFile] = process.argv.slice(2) as [string, string, string, string]
const service = createService({
  dbPath, consoleToken: CONSOLE_TOKEN,
  upstream: { url: `${providerUrl}/v1`, key: providerKey, mode: 'operate', pollSeconds: 3_600, lookbackDays: 1, ratePerMinute: 600_000, timeoutMs: 1_000 },
})
const { store } = engineInternals(service)
const asConsole = { bearer: CONSOLE_TOKEN }

function must(answer: { status: number; body: unknown }, what: string): any {
  if (answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  return (answer.body as { data: unknown }).data
}

async function main(): Promise<void> {
  if (csvFile !== '-') {
    const batch = must(await service.submit('console.payoutBatches.create', { body: { name: 'Crash run', csv: readFileSync(csvFile, 'utf8') } }, asConsole), 'create')
    must(await service.submit('console.payoutBatches.submit', { params: { batchId: batch.id }, body: {} }, asConsole), 'submit')
  }
  for (;;) {
    await service.tick()
    const open = store.db.prepare("SELECT id, state FROM upstream_outbox WHERE state IN ('queued', 'sent', 'unknown')").all() as { id: string; state: string }[]
    const queued = (store.db.prepare("SELECT COUNT(*) AS n FROM payout_batch_rows WHERE state = 'queued'").get() as { n: number }).n
    if (open.length === 0 && queued === 0) break
    for (const row of open.filter((r) => r.state === 'unknown')) await service.submit('console.upstream.outbox.resolve', { params: { id: row.id } }, asConsole)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  const id = (store.db.prepare('SELECT public_id FROM payout_batches ORDER BY id DESC LIMIT 1').get() as { public_id: string }).public_id
  const csv = await service.submit('console.payoutBatches.results', { params: { batchId: id } }, asConsole)
  const body = csv.body as string | { data: string }
  process.stdout.write(`done\n${typeof body === 'string' ? body : body.data}`)
  service.close()
}
main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
