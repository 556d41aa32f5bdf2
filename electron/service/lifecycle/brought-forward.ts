import type { AccountType } from '../../../shared/schemas/common'
import { newTransaction } from '../db/new-transaction'
import { BROUGHT_FORWARD_NARRATION } from '../domain/statement'
import type { Posting, TransactionRow } from '../db/rows'
import { atTime, type Unit } from '../core/unit'
import { moveMoney } from '../ledger/move-money'

/**
 * The balance brought forward of an environment that mirrors a provider account. The mirror holds the
 * provider's transactions from `--upstream-since` on, not the history before it, so the provider's balances
 * are the truth and this one entry carries the difference: a `bank_deposit` dated the day before the mirrored
 * history begins, so every statement of the mirrored days opens with it and none lists it. It is adjusted
 * (more postings at its own instant), never repeated: a reconciliation adds no line to any statement.
 */
export { BROUGHT_FORWARD_NARRATION }

export interface OpeningScope {
  organizationId: string
  environment: 'test' | 'live'
  /** The entry's instant: before every mirrored transaction. */
  openingAt: number
}

/** One per mirrored environment; its id says what it is wherever it shows (a statement line, a FITID). */
const publicIdOf = (scope: OpeningScope) => `bf_${scope.environment}_${scope.organizationId}`

function entry(unit: Unit, scope: OpeningScope): TransactionRow {
  const { store } = unit
  const known = store.transactions.getByPublicId(scope.organizationId, scope.environment, publicIdOf(scope))
  if (known) return known
  const account = store.accounts.resolveIdentity(scope.organizationId, scope.environment, 'collections')
  return store.transactions.insert(newTransaction({
    public_id: publicIdOf(scope), organization_id: scope.organizationId, environment: scope.environment, type: 'bank_deposit', status: 'completed',
    account_id: account.id, account_type: 'collections', amount: 1, payment_method: 'bank', narration: BROUGHT_FORWARD_NARRATION,
    message: 'What the provider account held before the mirrored history began', created_at: scope.openingAt,
  }))
}

/**
 * Brings `moves` (merchant account buckets, signed) forward, against the world outside, at the entry's instant.
 * It is about the past, so it is no news (no push event, no webhook, no low-float notification).
 */
export function bringForward(unit: Unit, scope: OpeningScope, moves: readonly Posting[]): void {
  const postings = moves.filter((p) => p.amount !== 0)
  if (postings.length === 0) return
  const external = unit.store.accounts.resolveId(scope.organizationId, scope.environment, 'external')
  const total = postings.reduce((sum, p) => sum + p.amount, 0)
  moveMoney(atTime(unit, scope.openingAt), entry(unit, scope), [...postings, { accountId: external, bucket: 'available', amount: -total }], { webhooks: false, news: false })
}

/** The entry's amount: what it brought forward in all (at least 1: a transaction's amount is positive). */
function restate(unit: Unit, scope: OpeningScope): void {
  const row = entry(unit, scope)
  const external = unit.store.accounts.resolveId(scope.organizationId, scope.environment, 'external')
  const held = unit.store.ledger.postingsOf(row.id).reduce((sum, p) => sum + (p.account_id === external ? 0 : p.amount), 0)
  if (held !== row.amount) unit.store.transactions.patch(row, scope.openingAt, { amount: Math.max(1, held) })
}

/** A provider account's balances as `GET /v1/accounts` lists them. */
export interface ProviderBalance {
  type: AccountType
  available: number
  pending: number
}

/**
 * Makes the mirror's ledger balance of each account kind equal the provider's (the sum of its accounts of
 * that kind: every mirrored row is booked on the default one) by adjusting the balance brought forward, and
 * restates the entry's amount. A kind the provider did not list is left as it is. Returns whether anything moved.
 */
export function reconcileBroughtForward(unit: Unit, scope: OpeningScope, balances: readonly ProviderBalance[]): boolean {
  const { store } = unit
  const moves: Posting[] = []
  for (const kind of ['collections', 'payouts'] as const) {
    const theirs = balances.filter((b) => b.type === kind)
    if (theirs.length === 0) continue
    const ours = store.accounts.resolve(scope.organizationId, scope.environment, kind)
    for (const bucket of ['available', 'pending'] as const) {
      const amount = theirs.reduce((sum, b) => sum + b[bucket], 0) - ours[bucket]
      if (amount !== 0) moves.push({ accountId: ours.id, bucket, amount })
    }
  }
  bringForward(unit, scope, moves)
  if (moves.length > 0) restate(unit, scope)
  return moves.length > 0
}

/** Whether the mirror's ledger already holds the provider's balances (then there is nothing to reconcile). */
export function agreesWithProvider(unit: Pick<Unit, 'store'>, scope: Omit<OpeningScope, 'openingAt'>, balances: readonly ProviderBalance[]): boolean {
  for (const kind of ['collections', 'payouts'] as const) {
    const theirs = balances.filter((b) => b.type === kind)
    if (theirs.length === 0) continue
    const ours = unit.store.accounts.resolve(scope.organizationId, scope.environment, kind)
    if (theirs.reduce((sum, b) => sum + b.available, 0) !== ours.available || theirs.reduce((sum, b) => sum + b.pending, 0) !== ours.pending) return false
  }
  return true
}
