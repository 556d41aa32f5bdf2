import { randomBytes } from 'node:crypto'
import type { ScenarioFlow } from '../../../shared/schemas/scenario-flow'
import { createSandboxClient, type SandboxTarget } from './client'
import { checkExpectation } from './expectations'
import type { JunitCase } from './junit'
import { describeStep, playStep, type RunNames } from './steps'

export interface RunReport {
  ok: boolean
  cases: JunitCase[]
  seconds: number
}

/**
 * Plays a flow's steps in order against a sandbox, then checks its expectations, printing a timeline as it
 * goes. The first failing step stops the steps (later ones depend on it); expectations are then skipped.
 */
export async function runFlow(flow: ScenarioFlow, target: SandboxTarget, print: (line: string) => void, options: { seed?: number } = {}): Promise<RunReport> {
  const client = createSandboxClient(target)
  const started = performance.now()
  const elapsed = () => (performance.now() - started) / 1000
  const stamp = () => `+${elapsed().toFixed(2).padStart(6)}s`
  // A seeded run must send the same bytes twice, merchant references included.
  const names: RunNames = { runId: options.seed === undefined ? randomBytes(4).toString('hex') : `seed${options.seed}`, values: new Map() }
  const since = (await client.data('console.simulator.get')).now
  const cases: JunitCase[] = []
  const steps = flow.steps ?? []
  let stopped = false
  print(`Scenario ${flow.name ?? '(unnamed)'}: ${steps.length} steps, ${(flow.expect ?? []).length} expectations`)
  for (const [index, step] of steps.entries()) {
    const name = `step ${index + 1}: ${describeStep(step)}`
    if (stopped) {
      cases.push({ name, classname: 'steps', ok: false, skipped: true, detail: 'an earlier step failed', seconds: 0 })
      continue
    }
    const at = performance.now()
    const outcome = await playStep(client, step, names, since)
    cases.push({ name, classname: 'steps', ok: outcome.ok, detail: outcome.detail, seconds: (performance.now() - at) / 1000 })
    print(`${stamp()}  ${outcome.ok ? 'ok  ' : 'FAIL'}  ${name}${outcome.detail ? `  ${outcome.detail}` : ''}`)
    if (!outcome.ok) stopped = true
  }
  for (const [index, expectation] of (flow.expect ?? []).entries()) {
    if (stopped) {
      cases.push({ name: `expect ${index + 1}`, classname: 'expectations', ok: false, skipped: true, detail: 'a step failed', seconds: 0 })
      continue
    }
    const at = performance.now()
    const outcome = await checkExpectation(client, expectation, names, since)
    const name = `expect ${index + 1}: ${outcome.label}`
    cases.push({ name, classname: 'expectations', ok: outcome.ok, detail: outcome.detail, seconds: (performance.now() - at) / 1000 })
    print(`${stamp()}  ${outcome.ok ? 'ok  ' : 'FAIL'}  ${name}${outcome.detail ? `  ${outcome.detail}` : ''}`)
  }
  const failed = cases.filter((c) => !c.ok && !c.skipped).length
  const skipped = cases.filter((c) => c.skipped).length
  const ok = failed === 0 && skipped === 0
  print(`${ok ? 'PASSED' : 'FAILED'}: ${cases.length - failed - skipped} passed, ${failed} failed, ${skipped} skipped in ${elapsed().toFixed(2)} s`)
  return { ok, cases, seconds: elapsed() }
}
