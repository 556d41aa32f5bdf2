import { createHash } from 'node:crypto'
import { z } from 'zod'
import { ScenarioFlowSchema, type ScenarioFlow } from '../../../shared/schemas/scenario-flow'
import { WebhookEventTypeSchema } from '../../../shared/schemas/webhooks'
import { parseScenarioText, signedSampleEvent, WEBHOOK_SECRET_PATTERN } from '../../service'
import { startSandbox } from '../commands/scenario'
import type { LoadedScenarioFile } from '../scenario-file'
import { runFlow } from '../scenario-run/run'
import { ScenarioStartError, scenarioErrorText } from '../serve-scenario'
import { readScenarioPath, ScenarioPathError } from './scenario-path'
import type { Tool, ToolContext, ToolOutcome } from './tool'

const ScenarioToolInputSchema = z.strictObject({
  text: z.string().min(1).max(1_000_000).optional().describe('The scenario file\'s text (YAML or JSON; docs/scenarios.md)'),
  path: z.string().min(1).max(4096).optional().describe('Or the path of a scenario file: a regular file of at most 1 MiB in the working folder (relative to it)'),
  seed: z.number().int().min(0).max(4_294_967_295).optional().describe('A reproducible run: seeded ids and clock'),
})

function loaded(args: z.output<typeof ScenarioToolInputSchema>, folder: string): LoadedScenarioFile<ScenarioFlow> {
  const path = args.path ?? 'scenario.yaml'
  const text = args.path !== undefined ? readScenarioPath(args.path, folder) : args.text!
  const value = parseScenarioText(text, path, ScenarioFlowSchema) as ScenarioFlow
  return { path, text, value, fingerprint: createHash('sha256').update(text).digest('hex') }
}

/** Plays a scenario on a fresh in-memory sandbox of its own (as `paydesk scenario run` does), never the attached one. */
async function runScenario(args: z.output<typeof ScenarioToolInputSchema>, { scenarioFolder }: ToolContext): Promise<ToolOutcome> {
  if ((args.text === undefined) === (args.path === undefined)) return { ok: false, message: 'missing_parameter: give exactly one of text or path.' }
  const log: string[] = []
  let file: LoadedScenarioFile<ScenarioFlow> | undefined
  try {
    file = loaded(args, scenarioFolder ?? process.cwd())
    const started = await startSandbox(file, args.seed, undefined)
    try {
      const report = await runFlow(file.value, started.target, (line) => log.push(line), { seed: args.seed })
      const held = report.cases.filter((c) => c.ok).length
      const summary = `${report.ok ? 'PASSED' : 'FAILED'}: ${held} of ${report.cases.length} steps and expectations held.`
      return { ok: true, data: { ok: report.ok, cases: report.cases, log }, text: [summary, ...log].join('\n') }
    } finally {
      await started.stop()
    }
  } catch (error) {
    if (error instanceof ScenarioPathError) return { ok: false, message: `invalid_parameter (path): ${error.message}`, error: { type: 'invalid_request_error', code: 'invalid_parameter', message: error.message, param: 'path' } }
    const text = error instanceof ScenarioStartError ? scenarioErrorText(error.cause, error.file) : scenarioErrorText(error, file)
    return { ok: false, message: `invalid_scenario: ${text ?? (error instanceof Error ? error.message : String(error))}` }
  }
}

const SampleEventInputSchema = z.strictObject({
  type: WebhookEventTypeSchema,
  code: z.string().min(1).max(8).optional().describe('An error code for transaction.failed, payout.failed or transaction.creation_failed'),
  secret: z.string().max(200).regex(WEBHOOK_SECRET_PATTERN, 'the secret must be whsec_ followed by base64').optional().describe('Your whsec_ secret; without it one is made up'),
})

export const LOCAL_TOOLS: Tool[] = [
  {
    name: 'run_scenario',
    description: 'Play a scenario file (state, timed steps and expectations; docs/scenarios.md) on a fresh sandbox of its own and report whether every expectation held.',
    input: ScenarioToolInputSchema,
    local: true,
    run: (args, context) => runScenario(args as z.output<typeof ScenarioToolInputSchema>, context),
  },
  {
    name: 'sample_event',
    description: 'A realistic webhook event signed now with both signature schemes: the exact body and headers, for a receiver\'s unit tests.',
    input: SampleEventInputSchema,
    local: true,
    async run(args) {
      const { type, code, secret } = args as z.output<typeof SampleEventInputSchema>
      try {
        const signedAt = Date.now()
        const event = signedSampleEvent(type, { now: signedAt, code, secret })
        const sample = { type: event.type, secret: event.secret, secretMadeUp: secret === undefined, headers: event.headers, body: event.body, signedAt }
        const text = [`${sample.type} signed at ${new Date(signedAt).toISOString()} with ${sample.secretMadeUp ? `a made-up secret ${sample.secret}` : 'your secret'}`,
          ...Object.entries(sample.headers).map(([name, value]) => `${name}: ${value}`), '', sample.body].join('\n')
        return { ok: true, data: sample, text }
      } catch (error) {
        return { ok: false, message: `invalid_parameter: ${error instanceof Error ? error.message : String(error)}` }
      }
    },
  },
]
