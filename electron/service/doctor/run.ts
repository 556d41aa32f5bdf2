import { performance } from 'node:perf_hooks'
import type { DoctorCheck, DoctorReport } from '../../../shared/schemas/faults'
import { createHttpTransport } from '../webhooks/http-transport'
import { DELIVERY_TIMEOUT_MS } from '../webhooks/dispatcher'
import type { WebhookTransport } from '../webhooks/transport'
import { doctorBattery, gradeProbe, latencyCheck } from './battery'

export interface DoctorOptions {
  url: string
  secret: string
  /** Signing time (ms since the epoch): the wall clock for the CLI, the simulated clock in the console. */
  now: () => number
  transport?: WebhookTransport
  signal?: AbortSignal
}

const PREFIX_BYTES = 200

/**
 * Sends the battery to a receiver one request at a time (in order: the duplicate follows its original)
 * and grades each answer. Needs no server and writes nothing: it only signs and sends.
 */
export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const transport = options.transport ?? createHttpTransport({ userAgent: 'Paydesk-Doctor' })
  const startedAt = options.now()
  const checks: DoctorCheck[] = []
  const durations: number[] = []
  for (const probe of doctorBattery(options.secret, startedAt)) {
    const sentAt = performance.now()
    let status: number | null = null
    let received: string
    try {
      const response = await transport({ url: options.url, headers: probe.headers, body: probe.body, timeoutMs: DELIVERY_TIMEOUT_MS, signal: options.signal })
      status = response.status
      received = `${status} ${Buffer.from(response.bodyPrefix, 'utf8').subarray(0, PREFIX_BYTES).toString('utf8')}`.trim()
    } catch (error) {
      received = `no answer: ${error instanceof Error ? error.message : String(error)}`
    }
    const durationMs = Math.round(performance.now() - sentAt)
    if (status !== null) durations.push(durationMs)
    const result = gradeProbe(probe, status)
    const expected = probe.expect === 'accept' ? 'a 2xx' : 'a refusal (non-2xx)'
    checks.push({
      id: probe.id, title: probe.title, result, status, sent: probe.sent, received, durationMs,
      advice: result === 'pass' ? `Answered ${status} as expected (${expected}).` : status === null ? `No answer (${expected} expected): is the receiver running at this URL?` : probe.advice,
    })
  }
  checks.push(latencyCheck(durations))
  return { ok: checks.every((check) => check.result !== 'fail'), url: options.url, startedAt, finishedAt: options.now(), checks }
}
