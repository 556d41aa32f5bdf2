import { existsSync, rmSync } from 'node:fs'
import { formatProblem, problemAt, ScenarioApplyError, ScenarioDatabaseInUseError, ScenarioFileError, type ScenarioInput } from '../service'
import type { PaydeskService } from '../service'
import type { ServeOptions } from './options'
import { loadScenarioFile, type LoadedScenario } from './scenario-file'

/**
 * `serve --scenario`: loads and validates the file before anything is opened, and with `--reset` erases
 * the database file (and its WAL) so the scenario applies to a fresh one.
 */
export function prepareScenario(options: ServeOptions): { input: ScenarioInput; file: LoadedScenario } | undefined {
  if (options.reset && !options.scenarioPath) throw new ScenarioFileError([{ file: '--reset', line: null, column: null, field: '', message: 'only erases a database for --scenario (PAYDESK_SCENARIO)' }])
  if (!options.scenarioPath) return undefined
  const file = loadScenarioFile(options.scenarioPath)
  if (options.reset && options.dbPath !== ':memory:') {
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(options.dbPath + suffix)) rmSync(options.dbPath + suffix)
  }
  return { input: { scenario: file.value, fingerprint: file.fingerprint }, file }
}

/**
 * A scenario that cannot be used is the user's mistake, like a bad flag: exit code 2 with every problem
 * as `file:line:column field: message`. Returns the text to print, or undefined for other errors.
 */
export function scenarioErrorText(error: unknown, file: LoadedScenario | undefined): string | undefined {
  if (error instanceof ScenarioFileError) return error.message
  if (error instanceof ScenarioDatabaseInUseError) return error.message
  if (error instanceof ScenarioApplyError && file) return formatProblem(problemAt(file.text, file.path, error.path, error.message))
  return undefined
}

/** Carries the loaded file with an error from startup, so an apply error can be located in it. */
export class ScenarioStartError extends Error {
  constructor(override readonly cause: unknown, readonly file: LoadedScenario | undefined) {
    super(cause instanceof Error ? cause.message : String(cause))
  }
}

/** Banner lines for a scenario or seeded run (none otherwise). */
export function runLines(service: PaydeskService, options: ServeOptions): string[] {
  const lines: string[] = []
  if (options.scenarioPath) lines.push(`  Scenario        ${options.scenarioPath}`)
  if (options.seed !== undefined) {
    lines.push(`  Seeded run      seed ${options.seed}, simulated clock at ${new Date(service.startup.simulatedNow).toISOString()} (moves with requests; docs/simulator.md)`)
  }
  return lines
}
