import type { Unit } from '../../core/unit'
import type { OutboxRecord } from '../../db/upstream-outbox-repo'

/**
 * A reversal sent to the provider (docs/upstream.md "What unknown means"). It names no reference of its own:
 * the intent is "reverse this charge", so its outbox reference is the ORIGINAL transaction's id under a
 * prefix no merchantTransactionId can carry (`:` is outside `^[A-Za-z0-9._-]{1,64}$`). Its Idempotency-Key
 * follows from that reference like every other (keys.ts), so one charge has one reversal intent at a time.
 */
export const REVERSAL_ROUTE = 'mobile.reverse'
// db/upstream-outbox-repo.ts reads reversal rows as the range ['reversal:', 'reversal;') of the reference index.
const PREFIX = 'reversal:'

/**
 * The reference of a charge's reversal intent: `reversal:<id>`, and after the provider conclusively refused
 * it (rejected: it never ran), a new intent `reversal:<id>:2`, `:3`... with its own key. A row in any other
 * state stands for the charge's reversal: a second one is refused (enqueue.ts).
 */
export const reversalReference = (originalId: string, attempt = 1): string => `${PREFIX}${originalId}${attempt > 1 ? `:${attempt}` : ''}`

/** The id of the transaction a reversal row reverses (provider ids carry no `:`). */
export const reversedTransactionId = (row: Pick<OutboxRecord, 'merchant_transaction_id'>): string => row.merchant_transaction_id.slice(PREFIX.length).split(':')[0]!

export const isReversal = (row: Pick<OutboxRecord, 'route'>): boolean => row.route === REVERSAL_ROUTE

/**
 * What settles an unclear outcome of the row. A payment: its reference (`merchantTransactionId`). A
 * reversal: its own transaction once an answer named it, else the original charge. The charge's row cannot
 * say whether it was reversed (the API has no reversed status: a reversed charge stays `settled`), so
 * finding it settles nothing (`ownId` false): the identical body goes again under the same key, and the
 * provider answers that (its idempotency replays the first 202; past it, a charge is reversed once: 409).
 */
export function lookupOf(row: OutboxRecord): { query: Record<string, string>; ownId: boolean } {
  if (!isReversal(row)) return { query: { merchantTransactionId: row.merchant_transaction_id }, ownId: true }
  if (row.transaction_id !== null) return { query: { transactionId: row.transaction_id }, ownId: true }
  return { query: { transactionId: reversedTransactionId(row) }, ownId: false }
}

/**
 * Links an accepted reversal row's two transactions in the mirror, once both are there (either may arrive
 * first: the sender's answer or the sync's page), so the console shows the charge as reversed like a local
 * one (`related_id` both ways). The provider's times are kept: the link is ours, not a change of theirs.
 */
export function linkMirroredReversal(unit: Unit, row: OutboxRecord): void {
  if (!isReversal(row) || row.state !== 'accepted' || row.transaction_id === null) return
  const { transactions } = unit.store
  const charge = transactions.getByPublicId(row.organization_id, row.environment, reversedTransactionId(row))
  const reversal = transactions.getByPublicId(row.organization_id, row.environment, row.transaction_id)
  if (!charge || !reversal || reversal.type !== 'reversal' || charge.id === reversal.id) return
  if (reversal.related_id !== charge.id) transactions.patch(reversal, reversal.updated_at, { related_id: charge.id })
  if (charge.related_id !== reversal.id) transactions.patch(charge, charge.updated_at, { related_id: reversal.id })
}

/** A reversal the mirror just inserted: linked to its charge when an accepted outbox row names it. */
export function linkInsertedReversal(unit: Unit, organizationId: string, environment: string, publicId: string): void {
  const row = unit.store.upstreamOutbox.reversalByTransactionId(organizationId, environment, publicId)
  if (row) linkMirroredReversal(unit, row)
}
