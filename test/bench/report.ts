import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { MachineInfo } from './machine'

/** `info`: a diagnostic line with no goal of its own. */
export type Verdict = 'met' | 'missed' | 'not measured' | 'info'

/** One line of the results table. */
export interface FigureRow {
  figure: string
  measured: string
  /** The reference measured in the same run, when the goal is a ratio. */
  reference?: string
  ratio?: number
  goal: string
  verdict: Verdict
  note?: string
}

export interface RunSummary {
  machine: MachineInfo
  startedAt: Date
  durationS: number
  /** Share of the cores busy with other work just before the run, and the 1-minute load averages. */
  otherBusyShare: number | null
  /** Share of the cores used by other work over the whole run (machine busy time minus the benchmark's own). */
  otherShareDuringRun?: number | null
  loadAverageStart: number
  loadAverageEnd: number
  rows: FigureRow[]
  /** Default sizes, every figure, no profiling: only such a run may fill docs/benchmarks.md. */
  fullRun?: boolean
}

const START = '<!-- bench:results:start (written by `npm run bench`; edit outside these markers) -->'
const END = '<!-- bench:results:end -->'

export function verdict(met: boolean): Verdict {
  return met ? 'met' : 'missed'
}

export function formatNumber(value: number, digits = 0): string {
  return Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a'
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

export function renderResults(run: RunSummary): string {
  const m = run.machine
  const percent = (share: number | null | undefined) => (share === null || share === undefined ? 'unknown' : `${Math.round(share * 100)}%`)
  const during = run.otherShareDuringRun === undefined ? '' : `; during the run other processes used ${percent(run.otherShareDuringRun)} of all cores`
  // The load average also counts this benchmark's own recent work, so it only decides when it is high.
  const loaded = Math.max(run.otherBusyShare ?? 0, run.otherShareDuringRun ?? 0) > 0.15 || run.loadAverageStart > m.cores * 0.5
  const lines = [
    START,
    `Last full run: ${run.startedAt.toISOString().replace(/\.\d+Z$/, 'Z')}, ${formatNumber(run.durationS)} s in all.`,
    '',
    `Machine: ${m.cores} cores (${m.cpuModel}), ${formatNumber(m.memoryGb, 1)} GB memory, Node ${m.node}, ${m.platform}.`,
    `Other work on the machine: ${percent(run.otherBusyShare)} of all cores busy just before the run${during}; 1-minute load average ${formatNumber(run.loadAverageStart, 2)} at the start, ${formatNumber(run.loadAverageEnd, 2)} at the end.`,
    loaded
      ? '**The machine was loaded by other work during this run**: absolute numbers are low and noisy; the ratios, measured back to back, are the figures to compare.'
      : 'No other work worth mentioning ran on the machine during this run.',
    '',
    '| Figure | Measured | Reference (same run) | Ratio | Goal | Result |',
    '|---|---|---|---|---|---|',
    ...run.rows.map((r) => {
      const result = r.verdict === 'met' ? 'met' : r.verdict === 'missed' ? '**missed**' : r.verdict === 'info' ? '' : 'not measured'
      const measured = r.note ? `${r.measured} (${r.note})` : r.measured
      return `| ${escapeCell(r.figure)} | ${escapeCell(measured)} | ${escapeCell(r.reference ?? '')} | ${r.ratio === undefined ? '' : formatNumber(r.ratio, 2)} | ${escapeCell(r.goal)} | ${result} |`
    }),
    END,
  ]
  return lines.join('\n')
}

const SKELETON = `# Benchmarks

\`npm run bench\` measures the service and the console on the machine it runs on and rewrites the block below.
It is never part of \`npm test\` or CI.

${START}
${END}
`

/** Replaces the generated block of docs/benchmarks.md, keeping the hand-written analysis around it. */
export function writeResults(path: string, run: RunSummary): void {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : SKELETON
  const start = current.indexOf(START)
  const end = current.indexOf(END)
  const block = renderResults(run)
  const next = start >= 0 && end > start ? current.slice(0, start) + block + current.slice(end + END.length) : `${current.trimEnd()}\n\n${block}\n`
  writeFileSync(path, next)
}
