import { readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import type { z } from 'zod'
import type { Scenario } from '../../shared/schemas/scenario'
import { ScenarioFlowSchema } from '../../shared/schemas/scenario-flow'
import { parseScenarioText, ScenarioFileError } from '../service'

export interface LoadedScenarioFile<T> {
  path: string
  text: string
  value: T
  /** sha256 of the bytes: a restart with the same file keeps its database. */
  fingerprint: string
}

/** Reads and validates a scenario file (YAML or JSON). Throws ScenarioFileError naming file, line and field. */
export function loadScenarioFile<S extends z.ZodType = typeof ScenarioFlowSchema>(path: string, schema?: S): LoadedScenarioFile<z.output<S>> {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const reason = error instanceof Error && 'code' in error && error.code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error)
    throw new ScenarioFileError([{ file: path, line: null, column: null, field: '', message: reason }])
  }
  const value = parseScenarioText(text, path, schema ?? ScenarioFlowSchema) as z.output<S>
  return { path, text, value, fingerprint: createHash('sha256').update(text).digest('hex') }
}

export type LoadedScenario = LoadedScenarioFile<Scenario>
