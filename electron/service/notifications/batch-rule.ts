import type { Environment } from '../../../shared/schemas/common'
import type { Unit } from '../core/unit'
import { raise } from './raise'

/**
 * What a finished bulk payout announces (`payoutBatch.finished`, emitted in the unit that finished the batch
 * and published after its COMMIT): the fields of that push event the rule reads.
 */
export interface BatchFinished {
  environment: Environment
  organizationId: string
  batchId: string
  name: string
  status: string
  completedRows: number
  failedRows: number
}

const rows = (count: number) => `${count} ${count === 1 ? 'row' : 'rows'}`

/** A bulk payout whose rows all reached a final state: batch_finished, once per batch. */
export function batchFinished(unit: Unit, event: BatchFinished): void {
  if (!unit.store.notifications.rules(event.organizationId, event.environment).batchFinished.enabled) return
  const failed = event.failedRows > 0
  raise(unit, {
    organizationId: event.organizationId, environment: event.environment, kind: 'batch_finished', source: event.batchId,
    title: `Bulk payout "${event.name}" finished${failed ? ' with failures' : ''}`,
    body: failed ? `${rows(event.completedRows)} paid, ${rows(event.failedRows)} failed.` : `All ${rows(event.completedRows)} paid.`,
    link: `/payouts/bulk/${event.batchId}`,
  })
}
