// The closing report of `npm test`: the ten slowest test files (vitest's and Playwright's JSON reports), so the
// next file that makes the suite slow is seen on the run that made it so, and the hostile requests the fuzz
// suites sent (reports/fuzz/*.json, written by test/support/fuzz-budget.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null)

/** [seconds, file] for every vitest file: wall time from its start to its end, imports and hooks included. */
function vitestFiles(report, root) {
  return (report?.testResults ?? []).map((file) => [(file.endTime - file.startTime) / 1000, relative(root, file.name)])
}

/** [seconds, file] for every Playwright spec file: the sum of its tests' durations. */
function playwrightFiles(report) {
  const totals = new Map()
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) for (const result of test.results ?? []) totals.set(file, (totals.get(file) ?? 0) + result.duration / 1000)
    }
    for (const child of suite.suites ?? []) walk(child, file)
  }
  for (const suite of report?.suites ?? []) walk(suite, `test/e2e/${suite.file ?? suite.title}`)
  return [...totals].map(([file, seconds]) => [seconds, file])
}

export function printReport(root) {
  const reports = join(root, 'reports')
  const files = [...vitestFiles(read(join(reports, 'vitest.json')), root), ...playwrightFiles(read(join(reports, 'playwright.json')))]
  if (files.length > 0) {
    console.log('\nslowest test files:')
    for (const [seconds, file] of files.sort((a, b) => b[0] - a[0]).slice(0, 10)) console.log(`${seconds.toFixed(1).padStart(8)} s  ${file}`)
  }
  const fuzzFolder = join(reports, 'fuzz')
  const fuzz = existsSync(fuzzFolder) ? readdirSync(fuzzFolder).filter((f) => f.endsWith('.json')).map((f) => read(join(fuzzFolder, f))) : []
  if (fuzz.length > 0) {
    const total = fuzz.reduce((sum, suite) => sum + suite.requests, 0)
    const seeds = [...new Set(fuzz.map((suite) => suite.seed))].join(', ')
    console.log(`fuzzing: ${total.toLocaleString('en')} hostile requests (${fuzz.map((s) => `${s.suite} ${s.requests.toLocaleString('en')}`).join(', ')}; seed ${seeds})`)
  }
}
