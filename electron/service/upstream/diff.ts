import type { Transaction } from '../../../shared/schemas/transaction'
import type { UpstreamDiff } from '../../../shared/schemas/upstream'
import type { Store } from '../db/store'
import type { MirrorScope } from './mirror'

type Mismatch = UpstreamDiff['mismatches'][number]
const text = (value: unknown) => (value === null || value === undefined ? null : String(value))

/**
 * The mirror against what the provider listed for the same window: totals on both sides (rows flagged as
 * vanished are not the mirror's any more) and every row that differs, or is on one side only.
 */
export function diffWindow(store: Store, scope: MirrorScope, window: { fromMs: number; toMs: number }, upstreamRows: readonly Transaction[]): UpstreamDiff {
  const local = store.upstream.inWindow(scope.organizationId, scope.environment, window.fromMs, window.toMs).filter((row) => row.vanished_at === null)
  const byId = new Map(upstreamRows.map((row) => [row.publicId, row]))
  const mismatches: Mismatch[] = []
  for (const row of local) {
    const theirs = byId.get(row.public_id)
    if (!theirs) {
      mismatches.push({ transactionId: row.public_id, field: 'presence', local: 'present', upstream: null })
      continue
    }
    byId.delete(row.public_id)
    const full = store.transactions.getByPublicId(scope.organizationId, scope.environment, row.public_id)!
    const pairs: [string, unknown, unknown][] = [['status', full.status, theirs.status], ['amount', full.amount, theirs.amount], ['fees', full.fees, theirs.fees ?? 0]]
    for (const [field, ours, upstream] of pairs) if (text(ours) !== text(upstream)) mismatches.push({ transactionId: row.public_id, field, local: text(ours), upstream: text(upstream) })
  }
  for (const theirs of byId.values()) mismatches.push({ transactionId: theirs.publicId, field: 'presence', local: null, upstream: 'present' })
  return {
    local: { count: local.length, amount: local.reduce((sum, row) => sum + row.amount, 0) },
    upstream: { count: upstreamRows.length, amount: upstreamRows.reduce((sum, row) => sum + (row.amount ?? 0), 0) },
    mismatches,
  }
}
