import { chmodSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { readCsv } from '../../shared/csv-read'
import { killHard, startCli, type CliHost } from '../support/cli-process'
import { CONSOLE_TOKEN } from '../support/harness'
import { PROVIDER_KEY } from '../support/upstream-pair'

/**
 * Real processes for the long proofs: a provider (`paydesk serve --rate-limit R`, its own key) and a
 * Paydesk connected to it in operate mode (`paydesk serve --upstream … --upstream-mode operate`), each on
 * its own database file in `folder`, talked to over HTTP as a user's console would.
 */
export { PROVIDER_KEY }

const consoleHeaders = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test', 'content-type': 'application/json' }

export interface Answer {
  status: number
  body: any
  text: string
}

/** One console call on a Paydesk at `url` (the test environment). */
export async function consoleCall(url: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${url}${path}`, { method, headers: consoleHeaders, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await response.text()
  let parsed: unknown = null
  try {
    parsed = JSON.parse(text)
  } catch {
    // A file route (results.csv) answers the file itself.
  }
  return { status: response.status, body: parsed, text }
}

export async function must(answer: Promise<Answer>, what: string): Promise<any> {
  const { status, body } = await answer
  if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`)
  return body.data
}

export interface Provider {
  host: CliHost
  url: string
  dbFile: string
  /** How many transactions the provider holds for each merchantTransactionId starting with `prefix` (read from its database). */
  counts(prefix: string): Map<string, number>
  /** The provider's transaction id of each such reference. */
  publicIds(prefix: string): Map<string, string>
  stop(): Promise<void>
}

export async function startProvider(folder: string, ratePerMinute: number): Promise<Provider> {
  const dbFile = join(folder, 'provider.db')
  const host = await startCli(['--db', dbFile, '--api-key', PROVIDER_KEY, '--console-token', CONSOLE_TOKEN, '--rate-limit', String(ratePerMinute)])
  const read = <T>(sql: string, prefix: string): T[] => {
    const db = new Database(dbFile, { readonly: true, fileMustExist: true })
    try {
      return db.prepare(sql).all(`${prefix}%`) as T[]
    } finally {
      db.close()
    }
  }
  return {
    host, url: host.url, dbFile,
    counts(prefix) {
      const rows = read<{ reference: string; n: number }>('SELECT merchant_transaction_id AS reference, COUNT(*) AS n FROM transactions WHERE merchant_transaction_id LIKE ? GROUP BY merchant_transaction_id', prefix)
      return new Map(rows.map((row) => [row.reference, row.n]))
    },
    publicIds(prefix) {
      const rows = read<{ reference: string; id: string }>('SELECT merchant_transaction_id AS reference, public_id AS id FROM transactions WHERE merchant_transaction_id LIKE ?', prefix)
      return new Map(rows.map((row) => [row.reference, row.id]))
    },
    stop: () => killHard(host),
  }
}

export interface DownstreamOptions {
  ratePerMinute: number
  timeoutMs?: number
  pollSeconds?: number
}

/** Starts (or starts again, on the same database file) the connected Paydesk in operate mode. */
export async function startDownstream(folder: string, provider: Provider, options: DownstreamOptions): Promise<CliHost> {
  const keyFile = join(folder, 'provider.key')
  writeFileSync(keyFile, PROVIDER_KEY)
  chmodSync(keyFile, 0o600)
  return startCli([
    '--db', join(folder, 'connected.db'), '--console-token', CONSOLE_TOKEN, '--rate-limit', '0',
    '--upstream', `${provider.url}/v1`, '--upstream-key-file', keyFile, '--upstream-mode', 'operate',
    '--upstream-rate-limit', String(options.ratePerMinute), '--upstream-timeout', String(options.timeoutMs ?? 5_000),
    '--upstream-poll', String(options.pollSeconds ?? 10), '--upstream-lookback', '1',
  ])
}

/** A bulk payout file of `rows` lines, references `${prefix}${i}`, small amounts the provider's float covers. */
export function batchCsv(prefix: string, rows: number): { csv: string; references: string[] } {
  const references = Array.from({ length: rows }, (_, i) => `${prefix}${i}`)
  const lines = references.map((reference, i) => `07${String(12_000_000 + i).padStart(8, '0')},${10 + (i % 90)},${reference}`)
  return { csv: `phoneNumber,amount,reference\n${lines.join('\n')}\n`, references }
}

/** Uploads and submits a bulk payout on the connected Paydesk; answers its id. */
export async function submitBatch(url: string, name: string, csv: string): Promise<string> {
  const batch = await must(consoleCall(url, 'POST', '/console/payout-batches', { name, csv }), 'create the batch')
  await must(consoleCall(url, 'POST', `/console/payout-batches/${batch.id}/submit`, {}), 'submit the batch')
  return batch.id as string
}

/** Waits until the batch finished (every row final), printing progress now and then; throws past `deadline`. */
export async function untilBatchFinished(url: string, id: string, deadline: number, log: (line: string) => void): Promise<any> {
  let lastLog = 0
  for (;;) {
    const batch = await must(consoleCall(url, 'GET', `/console/payout-batches/${id}`), 'read the batch')
    if (batch.status === 'completed' || batch.status === 'completed_with_failures') return batch
    if (Date.now() > deadline) throw new Error(`the batch did not finish in time (status ${batch.status}: ${JSON.stringify(batch.progress)})`)
    if (Date.now() - lastLog >= 60_000) {
      lastLog = Date.now()
      const outbox = await must(consoleCall(url, 'GET', '/console/upstream/outbox?limit=1'), 'read the outbox')
      log(`  ${new Date().toISOString().slice(11, 19)} batch ${batch.status} ${JSON.stringify(batch.progress)}; outbox ${JSON.stringify(outbox.counts)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}

/** results.csv of the batch: reference -> { transactionId, status }. */
export async function resultsOf(url: string, id: string): Promise<Map<string, { transactionId: string; status: string }>> {
  const answer = await consoleCall(url, 'GET', `/console/payout-batches/${id}/results.csv`)
  if (answer.status !== 200) throw new Error(`results.csv answered ${answer.status}`)
  const [header, ...records] = readCsv(answer.text).map((record) => record.fields)
  const at = (name: string) => header!.indexOf(name)
  return new Map(records.map((cells) => [cells[at('reference')]!, { transactionId: cells[at('transactionId')]!, status: cells[at('status')]! }]))
}

export async function outboxCounts(url: string): Promise<Record<string, number>> {
  return (await must(consoleCall(url, 'GET', '/console/upstream/outbox?limit=1'), 'read the outbox')).counts
}
