import type { ForceStatus } from '../../../shared/schemas/common'
import type { OutcomeOperation } from '../../../shared/schemas/scenario'
import type { Unit } from '../core/unit'
import { simulatorModeOf } from './simulator-settings'
import { customerOutcome } from './customers'
import { matchOutcomeRule } from './outcome-rules'
import { MAGIC_PHONES, OUTCOMES, planDueAt, planTransaction, type Plan, type PlannedOutcome, type TimedKind } from './plan'

export interface AcceptanceSubject {
  type: 'charge' | 'transfer' | 'payment' | 'bank_withdrawal' | 'reversal'
  timedKind: TimedKind
  phoneNumber: string | null
  amount: number
  merchantTransactionId: string | null
  forceStatus?: ForceStatus
}

const OPERATION: Record<AcceptanceSubject['type'], OutcomeOperation> = {
  charge: 'charge', transfer: 'b2c', payment: 'b2b', bank_withdrawal: 'bank_transfer', reversal: 'reversal',
}

/**
 * The plan of a newly accepted transaction, in order of precedence: `forceStatus`, then the first
 * matching outcome rule of the scenario, then a magic phone, then the simulated customer's state
 * (charges and B2C), then the mode's default (success, or a prompt in interactive mode).
 */
export function planAcceptance(unit: Pick<Unit, 'store' | 'ids' | 'now'>, a: AcceptanceSubject): Plan {
  const { store, ids, now } = unit
  const mode = simulatorModeOf(store)
  if (a.forceStatus === undefined) {
    const rule = matchOutcomeRule(store, { operation: OPERATION[a.type], phoneNumber: a.phoneNumber, amount: a.amount, merchantTransactionId: a.merchantTransactionId })
    if (rule) {
      const outcome: PlannedOutcome = { ...OUTCOMES[rule.result], forced: true }
      const dueAt = outcome.result === 'never' ? null : rule.delayMs !== undefined ? now + rule.delayMs : planDueAt(a.timedKind, outcome, mode, now, ids)
      return { outcome, dueAt }
    }
    const magic = a.phoneNumber !== null && MAGIC_PHONES[a.phoneNumber] !== undefined
    const kind = a.type === 'charge' ? 'charge' : a.type === 'transfer' ? 'b2c' : undefined
    if (!magic && kind && a.phoneNumber !== null) {
      const outcome = customerOutcome(store, kind, a.phoneNumber, a.amount, now)
      if (outcome) return { outcome, dueAt: planDueAt(a.timedKind, outcome, mode, now, ids) }
    }
  }
  const plan = planTransaction(a.timedKind, a.phoneNumber, a.forceStatus, mode, now, ids)
  return a.forceStatus === undefined ? plan : { ...plan, outcome: { ...plan.outcome, forced: true } }
}
