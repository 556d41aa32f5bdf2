import type { ApiFaults, WebhookFaults } from '../../../../shared/schemas/faults'
import { formatDateTime } from '../../lib/dates'

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en-GB', { maximumFractionDigits: 1 })} s`
const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`
const range = (r: { minMs: number; maxMs?: number }, unit: (ms: number) => string) =>
  r.maxMs === undefined || r.maxMs === r.minMs ? unit(r.minMs) : `${unit(r.minMs)} to ${unit(r.maxMs)}`

/** Each webhook fault switched on, in words with its values ("every attempt sent twice", "first attempt held 30 s"). */
export function webhookFaultWords(faults: WebhookFaults): string[] {
  const words: string[] = []
  if (faults.duplicate) words.push('every attempt sent twice')
  if (faults.reorder) words.push(`newer events overtake older ones (first attempts held ${seconds(typeof faults.reorder === 'object' ? faults.reorder.windowMs ?? 10_000 : 10_000)})`)
  if (faults.delay) words.push(`first attempts held ${range(faults.delay, seconds)}`)
  if (faults.drop) words.push(`the first ${faults.drop.attempts} ${faults.drop.attempts === 1 ? 'attempt' : 'attempts'} of each delivery dropped`)
  if (faults.tamper) words.push('bodies changed after signing')
  if (faults.stale) words.push('signatures 6 minutes old')
  if (faults.wrongSecret) words.push('signed with the wrong secret')
  return words
}

/** Each API fault switched on, in words with its values ("20% answered 503", "2 s added to each answer"). */
export function apiFaultWords(faults: ApiFaults): string[] {
  const words: string[] = []
  if (faults.latency) words.push(`${range(faults.latency, (ms) => `${ms.toLocaleString('en-GB')} ms`)} added to each answer`)
  if (faults.errorRate) words.push(`${percent(faults.errorRate.rate)} of requests answered ${faults.errorRate.status ?? 500} without running`)
  if (faults.outage) words.push(`down (503) from ${formatDateTime(faults.outage.from)} until ${formatDateTime(faults.outage.until)}`)
  if (faults.commitThenDrop) words.push(`${percent(faults.commitThenDrop.rate ?? 1)} of committed requests lose their answer`)
  if (faults.commitThenError) words.push(`${percent(faults.commitThenError.rate ?? 1)} of committed requests answered ${faults.commitThenError.status ?? 500} all the same`)
  if (faults.lookupLag) words.push(`GET /v1/transaction misses transactions for ${seconds(faults.lookupLag.ms)} after they are created`)
  return words
}
