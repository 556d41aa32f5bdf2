// `npm test`: the whole suite. Typecheck, then vitest (unit, service, HTTP) and, beside it, Playwright
// (browser, against the served console: mostly waiting on the browser and the server, so it shares the
// two cores well; its output is kept in reports/playwright.log and printed after vitest's). Prints one closing line "N passed, N failed, N skipped" that CI reads,
// and exits non-zero when anything failed, after the ten slowest files and the fuzzers' count of hostile
// requests (scripts/test-report.mjs). Extra arguments go to vitest and skip the typecheck and Playwright
// (e.g. `npm test -- test/http`; `npm run test:quick` is `npm test -- test/unit test/service`).
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { printReport } from './test-report.mjs'

const root = resolve(import.meta.dirname, '..')
const reports = join(root, 'reports')
mkdirSync(reports, { recursive: true })
const bin = (name) => join(root, 'node_modules', '.bin', name)
const run = (label, command, args, env = {}) => {
  console.log(`\n=== ${label}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
}

let passed = 0
let failed = 0
let skipped = 0
const extra = process.argv.slice(2)

if (extra.length === 0) {
  for (const project of ['tsconfig.json', 'tsconfig.web.json']) {
    if (run(`typecheck ${project}`, bin('tsc'), ['-p', project, '--noEmit'])) passed++
    else failed++
  }
}

for (const file of ['vitest.json', 'playwright.json', 'playwright.log', 'fuzz']) rmSync(join(reports, file), { force: true, recursive: true })
const browser = extra.length === 0 && existsSync(join(root, 'playwright.config.ts')) ? startPlaywright() : null
run('vitest (unit, service, http)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'vitest.json')}`, ...extra])
const vitest = existsSync(join(reports, 'vitest.json')) ? JSON.parse(readFileSync(join(reports, 'vitest.json'), 'utf8')) : null
if (!vitest) {
  console.error('vitest wrote no report (did it crash?)')
  failed++
} else {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0)
  if (!vitest.success && vitest.numFailedTests === 0) failed++ // a file that failed to load
}

if (browser) {
  await browser.done
  console.log('\n=== playwright (browser e2e), run beside vitest')
  console.log(readFileSync(join(reports, 'playwright.log'), 'utf8'))
  const pw = existsSync(join(reports, 'playwright.json')) ? JSON.parse(readFileSync(join(reports, 'playwright.json'), 'utf8')) : null
  if (!pw) {
    console.error('playwright wrote no report (did it crash?)')
    failed++
  } else {
    passed += pw.stats.expected + pw.stats.flaky
    failed += pw.stats.unexpected + (pw.errors ?? []).length
    skipped += pw.stats.skipped
  }
}

printReport(root)
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 ? 1 : 0)

/** Playwright in its own process, its output to reports/playwright.log; `done` resolves when it has exited. */
function startPlaywright() {
  const log = openSync(join(reports, 'playwright.log'), 'w')
  const child = spawn(bin('playwright'), ['test', '--reporter=list,json'], {
    cwd: root, stdio: ['ignore', log, log], env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json') },
  })
  const done = new Promise((resolveDone) => {
    if (child.exitCode !== null) return resolveDone(child.exitCode)
    child.once('exit', (code) => resolveDone(code))
    child.once('error', () => resolveDone(1))
  })
  return { done: done.finally(() => closeSync(log)) }
}
