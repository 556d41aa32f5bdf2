import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { parseArgs } from 'node:util'
import type { ScenarioFlow } from '../../../shared/schemas/scenario-flow'
import { createService, HOST_TICK, startTicker } from '../../service'
import { startHttpServer } from '../../http/server'
import { scenarioOrganizations } from '../../service'
import { UsageError } from '../options'
import { printJson } from '../json-output'
import { loadScenarioFile, type LoadedScenarioFile } from '../scenario-file'
import { ScenarioStartError } from '../serve-scenario'
import type { SandboxTarget } from '../scenario-run/client'
import { junitXml } from '../scenario-run/junit'
import { runFlow } from '../scenario-run/run'

export const SCENARIO_USAGE = `Usage:
  paydesk scenario run <flow.yaml> [--junit report.xml] [--seed n] [--clock ISO] [--json]
  paydesk scenario run <flow.yaml> --url http://127.0.0.1:8787 --console-token <token> [--junit report.xml] [--json]
  paydesk scenario check <file.yaml> [--json]

run    starts a sandbox from the file (in memory, on a free port), plays its steps, checks its
       expectations and exits 0 when all pass, 1 otherwise. --url targets a running sandbox instead
       (started with the same scenario file); the console token may also come from PAYDESK_CONSOLE_TOKEN.
check  validates a scenario file (and applies it to a throwaway in-memory sandbox) and exits 0,
       or 2 naming file, line and field of each problem.
--json prints one document at the end instead of the timeline: run { file, ok, seconds, cases, log, junit },
       check { file, valid, steps, expectations }.
`

interface Started {
  target: SandboxTarget
  stop(): Promise<void>
}

/** The sandbox of a run: an in-process `paydesk serve` on a free loopback port over a fresh in-memory database. */
export async function startSandbox(file: LoadedScenarioFile<ScenarioFlow>, seed: number | undefined, clockStart: number | undefined): Promise<Started> {
  const flow = file.value
  let service
  try {
    service = createService({
      dbPath: ':memory:', scenario: { scenario: flow, fingerprint: file.fingerprint }, seed, clockStart, tickBudgetMs: HOST_TICK.simulatorBudgetMs,
      consoleToken: seed === undefined ? `pdc_run_${randomBytes(16).toString('hex')}` : undefined,
    })
  } catch (error) {
    throw new ScenarioStartError(error, file)
  }
  // This run's own server: its steps may expect 401s and 429s of their own, never the host's limits.
  const http = await startHttpServer({ service, port: 0, rateLimitPerMinute: 0, failedAuth: false })
  const ticker = startTicker(service)
  return {
    target: { url: http.url, consoleToken: service.consoleToken, keys: { test: service.startup.testKey, live: service.startup.liveKey } },
    async stop() {
      await ticker.stop()
      await http.close()
      service.close()
    },
  }
}

export async function scenarioCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv
  let parsed
  try {
    parsed = parseArgs({
      args: rest, allowPositionals: true, strict: true,
      options: {
        junit: { type: 'string' }, url: { type: 'string' }, 'console-token': { type: 'string' }, seed: { type: 'string' }, clock: { type: 'string' },
        json: { type: 'boolean' },
      },
    })
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${SCENARIO_USAGE}`)
  }
  const { values, positionals } = parsed
  if ((sub !== 'run' && sub !== 'check') || positionals.length !== 1) throw new UsageError(`expected "scenario run <file>" or "scenario check <file>"\n\n${SCENARIO_USAGE}`)
  const file = loadScenarioFile(positionals[0]!)
  if (sub === 'check') {
    // Applying it to a throwaway in-memory database finds what the schema alone cannot (a float too small for the history, ...).
    try {
      createService({ dbPath: ':memory:', scenario: { scenario: file.value, fingerprint: file.fingerprint }, consoleToken: `pdc_check_${randomBytes(16).toString('hex')}` }).close()
    } catch (error) {
      throw new ScenarioStartError(error, file)
    }
    const counts = { steps: (file.value.steps ?? []).length, expectations: (file.value.expect ?? []).length }
    if (values.json) printJson({ file: file.path, valid: true, ...counts })
    else console.log(`${file.path}: valid (${counts.steps} steps, ${counts.expectations} expectations)`)
    return 0
  }
  const seed = values.seed === undefined ? undefined : Number(values.seed)
  if (seed !== undefined && (!/^\d{1,10}$/.test(values.seed!) || seed > 4_294_967_295)) throw new UsageError('--seed must be a whole number from 0 to 4294967295')
  const clockStart = values.clock === undefined ? undefined : Date.parse(values.clock)
  if (clockStart !== undefined && !Number.isFinite(clockStart)) throw new UsageError('--clock must be an ISO time such as 2026-01-01T09:00:00Z')
  // --json: the timeline goes into the one document printed at the end.
  const log: string[] = []
  const print = values.json ? (line: string) => void log.push(line) : (line: string) => console.log(line)
  let started: Started | undefined
  let target: SandboxTarget
  if (values.url) {
    const consoleToken = values['console-token'] ?? process.env['PAYDESK_CONSOLE_TOKEN']
    if (!consoleToken) throw new UsageError('--url needs --console-token (or PAYDESK_CONSOLE_TOKEN): steps and checks use console routes')
    const keys = scenarioOrganizations(file.value)[0]!.apiKeys ?? {}
    target = { url: values.url.replace(/\/+$/, '').replace(/\/v1$/, ''), consoleToken, keys }
  } else {
    started = await startSandbox(file, seed, clockStart)
    target = started.target
    print(`Sandbox from ${file.path} at ${target.url}`)
  }
  try {
    const report = await runFlow(file.value, target, print, { seed })
    if (values.junit) {
      mkdirSync(dirname(values.junit), { recursive: true })
      writeFileSync(values.junit, junitXml(file.value.name ?? file.path, report.cases, report.seconds))
      print(`JUnit report: ${values.junit}`)
    }
    if (values.json) printJson({ file: file.path, ok: report.ok, seconds: report.seconds, cases: report.cases, log, junit: values.junit ?? null })
    return report.ok ? 0 : 1
  } finally {
    await started?.stop()
  }
}
