// `npm run bench`: measures the service and the console on this machine against references taken in
// the same run, and rewrites the results block of docs/benchmarks.md. Never part of `npm test` or CI.
//
//   npm run bench                         the full run (about 5-8 minutes; must stay under 10)
//   npm run bench -- --only=charge,search try some figures: charge, peers, search (seeds first), e2e, console, reconcile (seeds first), payouts, upstream, outbox
//   (peers installs Prism and the Mockoon CLI on first use into ~/.cache/paydesk-bench/peers; see peers.ts)
//   npm run bench -- --profile            servers write CPU profiles; prints their top frames
//   npm run bench -- --rows=200000 --charges=20000 --duration=5 --wait=60   smaller, for trying changes
// Only a full run with default sizes and no profiling writes docs/benchmarks.md (or pass --write);
// --render rewrites it from the last run's reports/bench.json.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { BenchContext } from './context'
import { chargeThroughput } from './figures/charge'
import { consoleFigures, prepareConsoleBuild } from './figures/console'
import { endToEnd } from './figures/end-to-end'
import { payoutBatchFigures } from './figures/payout-batches'
import { outboxFigure } from './figures/outbox'
import { peerFigures } from './figures/peers'
import { reconcileFigure } from './figures/reconcile'
import { searchFigures } from './figures/search'
import { seedSearchDatabase } from './figures/seed'
import { supportSearchFigure } from './figures/support-search'
import { upstreamFigures } from './figures/upstream'
import { createOtherWorkMeter, machineInfo, otherLoad } from './machine'
import { ROOT, startPaydesk } from './processes'
import { topFrames } from './profile-top'
import { renderResults, writeResults, type FigureRow, type RunSummary } from './report'
import { loadavg } from 'node:os'

const FIGURES = ['charge', 'peers', 'search', 'e2e', 'console', 'reconcile', 'payouts', 'upstream', 'outbox'] as const
type FigureName = (typeof FIGURES)[number]
const BUDGET_MS = 9.5 * 60 * 1000

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    rows: { type: 'string', default: '1000000' },
    charges: { type: 'string', default: '100000' },
    wait: { type: 'string', default: '600' },
    duration: { type: 'string', default: '10' },
    profile: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    render: { type: 'boolean', default: false },
  },
})

const only = values.only ? (values.only.split(',') as FigureName[]) : [...FIGURES]
for (const name of only) if (!FIGURES.includes(name)) throw new Error(`unknown figure "${name}"; choose from ${FIGURES.join(', ')}`)
const isDefaultRun = !values.only && !values.profile && values.rows === '1000000' && values.charges === '100000' && values.duration === '10' && values.wait === '600'

async function main(): Promise<void> {
  const started = performance.now()
  const startedAt = new Date()
  const scratch = mkdtempSync(join(tmpdir(), 'paydesk-bench-'))
  const profileDir = values.profile ? join(ROOT, 'reports', 'bench-profiles', startedAt.toISOString().replace(/[:.]/g, '-')) : undefined
  const ctx: BenchContext = {
    scratch, durationS: Number(values.duration), searchRows: Number(values.rows), endToEndCharges: Number(values.charges), endToEndWaitMs: Number(values.wait) * 1000, profileDir,
    deadline: started + BUDGET_MS, log: (message) => console.log(message),
  }
  const machine = machineInfo()
  const load = await otherLoad()
  const otherWork = createOtherWorkMeter()
  console.log(`paydesk bench: ${machine.cores} cores, ${machine.memoryGb.toFixed(1)} GB, Node ${machine.node}; other work busy ${load.busyShare === null ? '?' : Math.round(load.busyShare * 100)}% of the cores`)
  const rows: FigureRow[] = []
  const printProfile = (figure: string) => {
    if (!profileDir) return
    console.log(`  top frames (${figure}):`)
    for (const line of topFrames(join(profileDir, figure))) console.log(`    ${line}`)
  }
  try {
    if (only.includes('charge')) {
      console.log('\n# charge throughput')
      rows.push(...(await chargeThroughput(ctx)))
      printProfile('charge')
    }
    if (only.includes('peers')) {
      console.log('\n# charge against its peers (Prism, Mockoon CLI), interleaved')
      rows.push(...(await peerFigures(ctx)))
    }
    if (only.includes('search') || only.includes('console') || only.includes('reconcile')) {
      const consoleUnavailable = only.includes('console') ? prepareConsoleBuild(ctx) : null
      console.log(`\n# seed ${ctx.searchRows} transactions, then start-up, search and memory`)
      const seeded = await seedSearchDatabase(ctx)
      rows.push(...seeded.rows)
      // The search figures' server serves the others too; reconcile alone starts its own on the same file.
      const searched = only.includes('search') || only.includes('console')
      const search = searched ? await searchFigures(ctx, seeded.dbPath) : { rows: [], server: await startPaydesk({ dbPath: seeded.dbPath }) }
      try {
        if (only.includes('search')) rows.push(...search.rows, ...(await supportSearchFigure(ctx, search.server)))
        if (only.includes('console')) {
          console.log('\n# console')
          rows.push(...(await consoleFigures(ctx, search.server, consoleUnavailable)))
        }
        if (only.includes('reconcile')) {
          console.log('\n# reconciliation')
          rows.push(...(await reconcileFigure(ctx, search.server, seeded.dbPath)))
        }
      } finally {
        await search.server.stop()
      }
      printProfile('search')
    }
    if (only.includes('payouts')) {
      console.log('\n# bulk payouts')
      rows.push(...(await payoutBatchFigures(ctx)))
      printProfile('payouts')
    }
    if (only.includes('upstream')) {
      console.log('\n# provider mirror')
      rows.push(...(await upstreamFigures(ctx)))
    }
    if (only.includes('outbox')) {
      console.log('\n# paced sending to a provider (operate mode)')
      rows.push(...(await outboxFigure(ctx)))
    }
    if (only.includes('e2e')) {
      console.log('\n# end to end')
      rows.push(...(await endToEnd(ctx)))
      printProfile('e2e')
    }
  } finally {
    if (!values.keep) rmSync(scratch, { recursive: true, force: true })
  }
  const summary: RunSummary = {
    machine, startedAt, durationS: (performance.now() - started) / 1000, otherBusyShare: load.busyShare, otherShareDuringRun: otherWork(),
    loadAverageStart: load.loadAverage1m, loadAverageEnd: loadavg()[0] ?? 0, rows, fullRun: isDefaultRun,
  }
  console.log(`\n${renderResults(summary)}`)
  mkdirSync(join(ROOT, 'reports'), { recursive: true })
  writeFileSync(join(ROOT, 'reports', 'bench.json'), JSON.stringify(summary, null, 2))
  if (isDefaultRun || values.write) {
    writeResults(join(ROOT, 'docs', 'benchmarks.md'), summary)
    console.log('\nwrote docs/benchmarks.md')
  } else {
    console.log('\n(not a full default run: docs/benchmarks.md left as it is; pass --write to overwrite it)')
  }
  if (summary.durationS > 600) console.log(`WARNING: the run took ${summary.durationS.toFixed(0)} s, over the 10-minute budget`)
}

/** --render: rewrites docs/benchmarks.md from the last run's reports/bench.json (after changing the report's wording). */
function renderLastRun(): void {
  const summary = JSON.parse(readFileSync(join(ROOT, 'reports', 'bench.json'), 'utf8')) as RunSummary & { startedAt: string }
  if (!summary.fullRun && !values.write) throw new Error('reports/bench.json is not from a full default run; pass --write to render it anyway')
  writeResults(join(ROOT, 'docs', 'benchmarks.md'), { ...summary, startedAt: new Date(summary.startedAt) })
  console.log('rewrote docs/benchmarks.md from reports/bench.json')
}

;(values.render ? Promise.resolve(renderLastRun()) : main()).catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? error.stack : error)
  process.exit(1)
})
