import { z } from 'zod'
import { ScenarioFlowSchema } from './scenario-flow'

/**
 * The JSON Schema of scenario files (docs/scenario.schema.json), generated from the zod schema so the
 * two cannot drift: editors complete and check files with it (`# yaml-language-server: $schema=…`).
 * It describes what a file may contain (the schema's input side: durations as "5s", phones in any
 * spelling); cross-field rules are checked by `paydesk` only.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ScenarioFlowSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'Paydesk scenario file',
    description: 'State a sandbox starts from (paydesk serve --scenario) and, optionally, steps and expectations (paydesk scenario run). See docs/scenarios.md.',
  }
}
