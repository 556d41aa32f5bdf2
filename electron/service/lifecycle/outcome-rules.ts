import type { OutcomeOperation, OutcomeRule } from '../../../shared/schemas/scenario'
import type { Store } from '../db/store'
import type { Unit } from '../core/unit'
import { SETTINGS } from '../db/settings-registry'

export interface RuleSubject {
  operation: OutcomeOperation
  phoneNumber: string | null
  amount: number
  merchantTransactionId: string | null
}

/** Replaces the outcome rules (a scenario's `outcomes:`); phones are already normalised by the schema. */
export function saveOutcomeRules(unit: Unit, rules: readonly OutcomeRule[]): void {
  unit.store.settings.set(SETTINGS.outcomeRules, [...rules])
}

export function outcomeRules(store: Store): OutcomeRule[] {
  return store.settings.get(SETTINGS.outcomeRules)
}

function matches(rule: OutcomeRule, s: RuleSubject): boolean {
  const m = rule.match
  if (m.operation !== undefined && m.operation !== s.operation) return false
  if (m.phoneNumber !== undefined && m.phoneNumber !== s.phoneNumber) return false
  if (m.amountOver !== undefined && !(s.amount > m.amountOver)) return false
  if (m.amountUnder !== undefined && !(s.amount < m.amountUnder)) return false
  if (m.merchantTransactionId !== undefined && (s.merchantTransactionId === null || !new RegExp(m.merchantTransactionId).test(s.merchantTransactionId))) return false
  return true
}

/** The first rule whose every condition holds, or undefined (then the simulator's own rules decide). */
export function matchOutcomeRule(store: Store, subject: RuleSubject): OutcomeRule | undefined {
  return outcomeRules(store).find((rule) => matches(rule, subject))
}
