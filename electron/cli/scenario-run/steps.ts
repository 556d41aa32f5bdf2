import type { ScenarioStep } from '../../../shared/schemas/scenario-flow'
import type { SandboxClient } from './client'
import { describeFaults, switchFaults } from './fault-steps'

/** What earlier steps created, by their `as:` name, plus `runId` (unique per run, for merchant references). */
export interface RunNames {
  runId: string
  values: Map<string, any>
}

export interface StepOutcome {
  label: string
  ok: boolean
  detail: string
}

const POLL_MS = 50
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** Replaces `${name.field}` and `${runId}` in every string of a step's input. */
export function interpolate(value: unknown, names: RunNames): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z][\w-]*)((?:\.\w+)*)\}/g, (whole, name: string, path: string) => {
      if (name === 'runId') return names.runId
      let current = names.values.get(name)
      if (current === undefined) throw new Error(`${whole}: no earlier step is named ${name}`)
      for (const key of path.split('.').filter(Boolean)) current = current?.[key]
      if (current === undefined || current === null) throw new Error(`${whole} is empty`)
      return String(current)
    })
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, names))
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, names)]))
  return value
}

/** The transaction id behind a name: what a call named `as:` created. */
export function transactionIdOf(names: RunNames, name: string): string {
  const value = names.values.get(name)
  const id = value?.transactionId ?? value?.publicId
  if (typeof id !== 'string') throw new Error(`${name} is not a transaction created by an earlier step`)
  return id
}

async function until<T>(timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await probe()
    if (found !== undefined || Date.now() > deadline) return found
    await sleep(POLL_MS)
  }
}

const MAX_ADVANCE_MS = 30 * 24 * 60 * 60 * 1000

/** `at:`: moves the simulated clock to `since + at` unless it is already later. Returns the clock's jump. */
async function reachTime(client: SandboxClient, since: number, at: number): Promise<number> {
  const now = (await client.data('console.simulator.get')).now
  let gap = since + at - now
  const jump = Math.max(gap, 0)
  while (gap > 0) {
    const ms = Math.min(gap, MAX_ADVANCE_MS)
    await client.data('console.simulator.advance', { body: { ms } })
    gap -= ms
  }
  return jump
}

/**
 * Plays one step against the sandbox (after moving the clock to its `at:` time, counted from `since`,
 * the simulated start of the run). Never throws: a failure is an outcome (the run stops there).
 */
export async function playStep(client: SandboxClient, step: ScenarioStep, names: RunNames, since: number): Promise<StepOutcome> {
  try {
    const jump = step.at === undefined ? 0 : await reachTime(client, since, step.at)
    const outcome = await play(client, step, names)
    return jump > 0 ? { ...outcome, detail: `(clock +${jump} ms) ${outcome.detail}` } : outcome
  } catch (error) {
    return { label: describeStep(step), ok: false, detail: error instanceof Error ? error.message : String(error) }
  }
}

export function describeStep(step: ScenarioStep): string {
  return step.at === undefined ? describeAction(step) : `at +${formatDuration(step.at)}: ${describeAction(step)}`
}

function formatDuration(ms: number): string {
  for (const [unit, size] of [['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1_000]] as const) if (ms >= size && ms % size === 0) return `${ms / size}${unit}`
  return `${ms}ms`
}

function describeAction(step: ScenarioStep): string {
  if ('call' in step) return `call ${step.call}${step.as ? ` as ${step.as}` : ''}`
  if ('answer' in step) return `handset: ${step.answer} ${step.transaction}`
  if ('advance' in step) return `advance the clock ${step.advance} ms`
  if ('settle' in step) return `settle ${step.settle}`
  if ('faults' in step) return describeFaults(step.faults)
  if ('wait' in step) {
    if ('status' in step.wait) return `wait until ${step.wait.transaction} is ${step.wait.status}`
    return `wait for event ${step.wait.event}${step.wait.transaction ? ` of ${step.wait.transaction}` : ''}${step.wait.attempted ? ' to be attempted' : ''}`
  }
  return `sleep ${step.sleep} ms`
}

async function play(client: SandboxClient, step: ScenarioStep, names: RunNames): Promise<StepOutcome> {
  const label = describeStep(step)
  if ('call' in step) {
    const input = interpolate({ body: step.body, query: step.query, params: step.params }, names) as Parameters<SandboxClient['call']>[1]
    const result = await client.call(step.call, input, step.environment)
    const ok = step.expectStatus === undefined ? result.status >= 200 && result.status < 300 : result.status === step.expectStatus
    if (step.as) names.values.set(step.as, result.body?.data ?? result.body)
    const error = result.body?.error ? ` ${result.body.error.code}: ${result.body.error.message}` : ''
    const id = result.body?.data?.transactionId ? ` ${result.body.data.transactionId}` : ''
    return { label, ok, detail: `${result.method} ${result.path} -> ${result.status}${id}${error}${ok ? '' : ` (expected ${step.expectStatus ?? '2xx'})`}` }
  }
  if ('answer' in step) {
    const id = transactionIdOf(names, step.transaction)
    if (step.answer === 'no_answer') {
      const state = await client.data('console.simulator.advance', { body: { ms: 60_001 } })
      return { label, ok: true, detail: `nobody answers: clock +60 s to ${new Date(state.now).toISOString()}, the prompt times out (1037)` }
    }
    const prompt = await until(5_000, async () => {
      const list = await client.data('console.prompts.list')
      return list.items.find((p: { transactionId: string }) => p.transactionId === id)
    })
    if (!prompt) return { label, ok: false, detail: `no push prompt is showing for ${id} (is the simulator in interactive mode?)` }
    const answered = await client.data('console.prompts.answer', { params: { transactionId: id }, body: { answer: step.answer } })
    return { label, ok: true, detail: `${id} -> ${answered.status}` }
  }
  if ('advance' in step) {
    const state = await client.data('console.simulator.advance', { body: { ms: step.advance } })
    return { label, ok: true, detail: `simulated now ${new Date(state.now).toISOString()}` }
  }
  if ('settle' in step) {
    const body = step.settle === 'all' ? {} : { transactionId: transactionIdOf(names, step.settle) }
    const result = await client.data('console.simulator.settle', { body })
    return { label, ok: true, detail: `settled ${result.settled.length}` }
  }
  if ('wait' in step) {
    const wait = step.wait
    if ('status' in wait) {
      const id = transactionIdOf(names, wait.transaction)
      let last = 'unknown'
      const found = await until(wait.timeout, async () => {
        const tx = await client.data('console.transactions.detail', { params: { transactionId: id } })
        last = tx.transaction.status
        return last === wait.status ? tx : undefined
      })
      return { label, ok: found !== undefined, detail: found ? `${id} is ${wait.status}` : `still ${last} after ${wait.timeout} ms` }
    }
    const id = wait.transaction ? transactionIdOf(names, wait.transaction) : undefined
    const event = await until(wait.timeout, async () => {
      const list = await client.data('console.webhooks.events.list', { query: { type: wait.event, limit: 200, ...(id ? { transactionId: id } : {}) } })
      const found = list.items[0]
      if (found && wait.attempted && found.deliveries.some((d: { attemptCount: number }) => d.attemptCount === 0)) return undefined
      return found
    })
    const missing = wait.attempted ? `no ${wait.event} event attempted` : `no ${wait.event} event`
    return { label, ok: event !== undefined, detail: event ? `${event.id}` : `${missing} within ${wait.timeout} ms` }
  }
  if ('faults' in step) return { label, ok: true, detail: await switchFaults(client, step.faults) }
  await sleep(step.sleep)
  return { label, ok: true, detail: '' }
}
