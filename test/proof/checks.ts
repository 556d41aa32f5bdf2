import type { Provider } from './rig'
import { outboxCounts, resultsOf } from './rig'

/** One line of a proof's summary. */
export interface Check {
  name: string
  pass: boolean
  detail: string
}

export const check = (name: string, pass: boolean, detail: string): Check => ({ name, pass, detail })

const sample = (items: readonly string[]) => (items.length <= 5 ? items.join(', ') : `${items.slice(0, 5).join(', ')} … (${items.length})`)

/**
 * What every bulk-payout proof asks at the end: each reference exactly once at the provider (counted there
 * by merchantTransactionId, and nothing else under the prefix), results.csv naming the provider's
 * transaction of every row, and the outbox with every row accepted and none needing review.
 */
export async function exactlyOnceChecks(provider: Provider, downstreamUrl: string, batchId: string, prefix: string, references: readonly string[]): Promise<Check[]> {
  const counts = provider.counts(prefix)
  const notOnce = references.filter((reference) => counts.get(reference) !== 1)
  const known = new Set(references)
  const strangers = [...counts.keys()].filter((reference) => !known.has(reference))
  const payouts = [...counts.values()].reduce((sum, n) => sum + n, 0)
  const ids = provider.publicIds(prefix)
  const results = await resultsOf(downstreamUrl, batchId)
  const disagree = references.filter((reference) => results.get(reference)?.transactionId !== ids.get(reference))
  const statuses = new Map<string, number>()
  for (const row of results.values()) statuses.set(row.status, (statuses.get(row.status) ?? 0) + 1)
  const outbox = await outboxCounts(downstreamUrl)
  const settled = outbox['accepted'] === references.length && Object.entries(outbox).every(([state, n]) => state === 'accepted' || n === 0)
  return [
    check('exactly one payout per row at the provider', notOnce.length === 0 && strangers.length === 0 && payouts === references.length,
      `${payouts} payouts for ${references.length} rows, ${counts.size} unique references${notOnce.length ? `; not once: ${sample(notOnce)}` : ''}${strangers.length ? `; unknown: ${sample(strangers)}` : ''}`),
    check("results.csv names the provider's transaction of every row", results.size === references.length && disagree.length === 0,
      `${results.size} lines; rows by status ${JSON.stringify(Object.fromEntries(statuses))}${disagree.length ? `; disagree: ${sample(disagree)}` : ''}`),
    check('no outbox row needs review (every row accepted)', settled && outbox['needs_review'] === 0, `outbox ${JSON.stringify(outbox)}`),
  ]
}
