import type { PushEvent } from '../../../shared/api/push-events'
import type { Unit } from '../core/unit'
import { approvalDecided, approvalWaiting } from './approval-rule'
import { batchFinished } from './batch-rule'
import { endpointFailing } from './endpoint-rule'
import { lowFloat } from './float-rule'
import { reconciliationExceptions } from './reconciliation-rule'
import { payoutFailed, paymentReceived } from './transaction-rules'

/**
 * What turns a committed event into notifications, by event type. A rule reads what it needs as committed
 * and raises through `raise` (one notification per kind and source). A new kind is one entry here, fed by
 * the push event its unit already queues.
 */
const RULES: { [Type in PushEvent['type']]?: (unit: Unit, event: Extract<PushEvent, { type: Type }>) => void } = {
  'transaction.changed': (unit, event) => {
    if (event.status === 'completed') paymentReceived(unit, event)
    else if (event.status === 'failed' || event.status === 'rejected') payoutFailed(unit, event)
  },
  'balance.changed': lowFloat,
  'webhook.attempted': endpointFailing,
  'reconciliation.saved': reconciliationExceptions,
  'approval.changed': (unit, event) => {
    if (event.status === 'pending') approvalWaiting(unit, event)
    else approvalDecided(unit, event)
  },
  'payoutBatch.finished': batchFinished,
}

/** Events no rule reads (acceptances, settlements, prompts, the request log): never kept. */
function wanted(event: PushEvent): boolean {
  if (event.type === 'transaction.changed') return event.status === 'completed' || event.status === 'failed' || event.status === 'rejected'
  return RULES[event.type] !== undefined
}

/**
 * Runs the rules of `events` in one savepoint of the unit. Their push events reach the unit only once the
 * savepoint is released: a rule that throws takes back its writes and the events they would have announced.
 */
function applyRules(unit: Unit, events: readonly PushEvent[]): void {
  const announced: PushEvent[] = []
  const local: Unit = { ...unit, emit: (event) => announced.push(event) }
  unit.store.transaction(() => {
    for (const event of events) (RULES[event.type] as ((unit: Unit, event: PushEvent) => void) | undefined)?.(local, event)
  })
  for (const event of announced) unit.emit(event)
}

export interface Notifier {
  /** The events of a batch that COMMITTED (the engine's publish): those a rule reads wait for the next drain. */
  observe(events: readonly PushEvent[]): void
  /**
   * Raises what the waiting events call for, in `unit` (the next batch's side work, sharing its COMMIT).
   * Never throws: a rule that fails is rolled back alone and logged, and the batch goes on.
   */
  drain(unit: Unit): void
  /** Events waiting for a drain. */
  waiting(): number
}

/**
 * Notifications are raised from the engine's events AFTER their COMMIT, never inside the unit that made the
 * change: a unit that rolls back publishes nothing, so nothing is observed, and no notification describes a
 * change that did not happen. Each observed event is drained once; what it raises is stored with a source
 * unique per kind, so one fact raises one notification. A batch whose own COMMIT fails (disk full) loses
 * what it drained, as it loses the request log's rows: a missed notification, never a false one.
 */
export function createNotifier(): Notifier {
  let waiting: PushEvent[] = []
  return {
    observe(events) {
      for (const event of events) if (wanted(event)) waiting.push(event)
    },
    drain(unit) {
      if (waiting.length === 0) return
      const events = waiting
      waiting = []
      try {
        applyRules(unit, events)
      } catch {
        // One rule failed: each event again alone, so only the failing one is lost.
        for (const event of events) {
          try {
            applyRules(unit, [event])
          } catch (error) {
            console.error(`[paydesk] notification rule for ${event.type} failed:`, error instanceof Error ? error.message : error)
          }
        }
      }
    },
    waiting: () => waiting.length,
  }
}
