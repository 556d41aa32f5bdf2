import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import type { EngineUnit } from '../unit'

/**
 * Whether the team's approval policy holds a submitted batch until someone approves it: one approval for
 * the whole batch (policy action `bulk-payout`). This is the one place that decides; with no approval
 * policy in the engine a batch never waits. When policies exist, an approval of the held batch calls
 * `startBatch` (submit-batch.ts) with the batch's stored `run_at`, after checking the float again.
 */
export function approvalRequired(_unit: EngineUnit, _batch: PayoutBatchRecord): boolean {
  return false
}
