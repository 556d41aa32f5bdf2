import type { Store } from '../db/store'
import type { Unit } from '../core/unit'
import { OUTCOMES, PROMPT_TIMEOUT_MS, type PlannedOutcome } from './plan'

const DAY_MS = 24 * 60 * 60 * 1000

/** M-Pesa result codes of the customer-driven failures (docs/simulator.md "Simulated customers"). */
export const CUSTOMER_OUTCOMES = {
  dailyLimit: { result: 'failed', resultCode: '4', message: 'The transaction would exceed the daily transfer limit of the customer.' },
  blocked: { result: 'failed', resultCode: '11', message: 'The M-Pesa account of the customer is blocked.' },
  unregistered: { result: 'failed', resultCode: '2040', message: 'The phone number is not registered for M-Pesa.' },
} as const satisfies Record<string, PlannedOutcome>

/** Start of the simulated day (UTC) that `now` falls in: daily limits reset at midnight. */
export function dayStart(now: number): number {
  return now - (now % DAY_MS)
}

/**
 * What a registered customer's state makes of a charge or a B2C payout when nothing forces the outcome,
 * or undefined when the customer is not in the registry or nothing stands in the way. Checked at
 * acceptance, in this order: status, a prompt still showing (charges), wallet balance, daily limit.
 */
export function customerOutcome(store: Store, kind: 'charge' | 'b2c', phoneNumber: string, amount: number, now: number): PlannedOutcome | undefined {
  if (!store.customers.any()) return undefined
  const customer = store.customers.get(phoneNumber)
  if (!customer) return undefined
  if (customer.status === 'blocked') return CUSTOMER_OUTCOMES.blocked
  if (customer.status === 'unregistered') return CUSTOMER_OUTCOMES.unregistered
  if (kind !== 'charge') return undefined
  // The phone still shows another push prompt: M-Pesa cannot lock the subscriber (1001).
  if (store.customers.pendingCharge(phoneNumber, now - PROMPT_TIMEOUT_MS) !== undefined) return OUTCOMES.failed
  if (amount > customer.balance) return OUTCOMES.insufficient_funds
  if (store.customers.spentSince(phoneNumber, dayStart(now)) + amount > customer.daily_limit) return CUSTOMER_OUTCOMES.dailyLimit
  return undefined
}

/**
 * A charge is about to complete: the customer pays from the wallet. The wallet may have changed since
 * acceptance (another charge completed first), so it is checked again; too little now fails the charge
 * with insufficient funds instead of driving the wallet negative. A forced success (forceStatus, an
 * outcome rule) completes anyway and empties the wallet as far as it goes. Returns the outcome to apply.
 */
export function debitWallet(unit: Unit, phoneNumber: string | null, amount: number, outcome: PlannedOutcome): PlannedOutcome {
  const { store, now } = unit
  if (outcome.result !== 'success' || phoneNumber === null || !store.customers.any()) return outcome
  const customer = store.customers.get(phoneNumber)
  if (!customer) return outcome
  if (customer.balance < amount && !outcome.forced) return OUTCOMES.insufficient_funds
  store.customers.adjust(phoneNumber, -Math.min(amount, customer.balance), now)
  return outcome
}

/** A B2C payout or a reversal completed: the money arrives in the customer's wallet (if registered). */
export function creditWallet(unit: Unit, phoneNumber: string | null, amount: number): void {
  const { store, now } = unit
  if (phoneNumber === null || !store.customers.any() || !store.customers.get(phoneNumber)) return
  store.customers.adjust(phoneNumber, amount, now)
}
