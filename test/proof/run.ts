// `npm run proof -- <scenario> [--rows=N] [--rate=N]`: the long proofs of sending money to a connected
// provider, against real processes (a provider Paydesk and a Paydesk connected to it in operate mode).
// Never part of `npm test`: the full rate-120 run sends 2,000 rows at 120 calls a minute (about 20 min).
//
//   npm run proof -- rate-120               2,000 rows against --rate-limit 120 (docs/upstream.md)
//   npm run proof -- rate-120 --rows=200    the same, smaller, for trying (about 2-3 min)
//   npm run proof -- kill-1000              1,000 rows with faults and a SIGKILL mid-run (about 1-2 min)
//   npm run proof -- rate-120 --rows=300 --rate=60 --upstream-rate=600   the connected Paydesk told a wrong
//                                           limit: 429s, to see the proof fail
//   npm run proof -- all                    every scenario, one after the other
//
// Prints each check and PASS or FAIL; exits 1 when any check failed or a scenario could not run.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { Check } from './checks'
import { SCENARIOS } from './scenarios'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rows: { type: 'string' }, rate: { type: 'string' }, 'upstream-rate': { type: 'string' }, keep: { type: 'boolean', default: false } },
})

function wholeOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number of at least 1 (got "${value}")`)
  return n
}

async function runOne(name: string, rows: number | undefined, rate: number | undefined, upstreamRate: number | undefined): Promise<boolean> {
  const scenario = SCENARIOS[name]!
  const stamp = () => new Date().toISOString().slice(11, 19)
  console.log(`\n# ${name}: ${scenario.summary}${rows ? ` (scaled: ${rows} rows)` : ''}${rate ? ` (rate ${rate}/min)` : ''}${upstreamRate ? ` (--upstream-rate-limit ${upstreamRate})` : ''}`)
  console.log(`  started ${new Date().toISOString()}`)
  const folder = mkdtempSync(join(tmpdir(), `paydesk-proof-${name}-`))
  let checks: Check[]
  try {
    checks = await scenario.run({ folder, rows, rate, upstreamRate, log: (line) => console.log(line) })
  } catch (error) {
    checks = [{ name: 'the scenario ran to its end', pass: false, detail: error instanceof Error ? (error.stack ?? error.message) : String(error) }]
  } finally {
    if (values.keep) console.log(`  kept ${folder}`)
    else rmSync(folder, { recursive: true, force: true })
  }
  console.log(`  ended ${stamp()}`)
  for (const c of checks) console.log(`  ${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`)
  const passed = checks.every((c) => c.pass)
  console.log(`${passed ? 'PASS' : 'FAIL'} ${name} (${checks.filter((c) => c.pass).length}/${checks.length} checks)`)
  return passed
}

async function main(): Promise<void> {
  const names = positionals.length === 0 || positionals.includes('all') ? Object.keys(SCENARIOS) : positionals
  const unknown = names.filter((name) => !(name in SCENARIOS))
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}; choose from ${Object.keys(SCENARIOS).join(', ')}, all`)
  const rows = wholeOption('rows', values.rows)
  const rate = wholeOption('rate', values.rate)
  const upstreamRate = wholeOption('upstream-rate', values['upstream-rate'])
  const results: [string, boolean][] = []
  for (const name of names) results.push([name, await runOne(name, rows, rate, upstreamRate)])
  console.log(`\nproof summary: ${results.map(([name, ok]) => `${name} ${ok ? 'PASS' : 'FAIL'}`).join(', ')}`)
  if (results.some(([, ok]) => !ok)) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error('proof failed:', error instanceof Error ? error.stack : error)
  process.exit(1)
})
