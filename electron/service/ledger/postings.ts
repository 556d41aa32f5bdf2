import type { Posting } from '../db/rows'

/**
 * The ledger: how money moves, as postings. Each account has two buckets, `available` and `pending`.
 *
 * Guarantees (each is tested in test/service/ledger-invariants.test.ts):
 * 1. The postings of every transaction sum to zero: money is never created or destroyed, only moved
 *    (the `external` system account stands for the world outside: customers' wallets and banks).
 * 2. No non-system account bucket is ever negative: callers check funds first and answer a business
 *    error; a SQL CHECK on `accounts` aborts the SQLite transaction if a bug gets past them.
 * 3. Every account's buckets equal the sum of its postings; both are written in the same SQLite transaction.
 * 4. A payouts account's `pending` is exactly the reservations (amount + fees) of its pending payouts.
 * 5. A collections account's `pending` is exactly the net of its completed, unsettled charges plus the
 *    reservations of its pending reversals.
 *
 * These functions are pure: they say which postings a movement makes; db/ledger-repo.ts writes them.
 */
export type { Posting }

/** A payout (b2c, b2b, bank transfer) at acceptance: amount + fees move from available into pending. */
export function reservePayout(payoutsId: number, amount: number, fees: number): Posting[] {
  return [
    { accountId: payoutsId, bucket: 'available', amount: -(amount + fees) },
    { accountId: payoutsId, bucket: 'pending', amount: amount + fees },
  ]
}

/** A payout succeeded: the reservation leaves; the recipient gets the amount and the provider the fee. */
export function completePayout(payoutsId: number, externalId: number, feesId: number, amount: number, fees: number): Posting[] {
  return [
    { accountId: payoutsId, bucket: 'pending', amount: -(amount + fees) },
    { accountId: externalId, bucket: 'available', amount },
    { accountId: feesId, bucket: 'available', amount: fees },
  ]
}

/** A payout failed: the reservation returns to available. */
export function releasePayout(payoutsId: number, amount: number, fees: number): Posting[] {
  return [
    { accountId: payoutsId, bucket: 'pending', amount: -(amount + fees) },
    { accountId: payoutsId, bucket: 'available', amount: amount + fees },
  ]
}

/** A charge completed: the customer paid `amount`; collections pending gets it net of fees until settlement. */
export function completeCharge(collectionsId: number, externalId: number, feesId: number, amount: number, fees: number): Posting[] {
  return [
    { accountId: externalId, bucket: 'available', amount: -amount },
    { accountId: collectionsId, bucket: 'pending', amount: amount - fees },
    { accountId: feesId, bucket: 'available', amount: fees },
  ]
}

/** A completed charge settles: its net moves from pending to available. */
export function settleCharge(collectionsId: number, net: number): Posting[] {
  return [
    { accountId: collectionsId, bucket: 'pending', amount: -net },
    { accountId: collectionsId, bucket: 'available', amount: net },
  ]
}

/** A reversal at acceptance: the charge's net is reserved out of collections available. */
export function reserveReversal(collectionsId: number, net: number): Posting[] {
  return [
    { accountId: collectionsId, bucket: 'available', amount: -net },
    { accountId: collectionsId, bucket: 'pending', amount: net },
  ]
}

/** A reversal succeeded: the customer gets the full amount back; the merchant's net and the fee are returned. */
export function completeReversal(collectionsId: number, externalId: number, feesId: number, amount: number, fees: number): Posting[] {
  return [
    { accountId: collectionsId, bucket: 'pending', amount: -(amount - fees) },
    { accountId: feesId, bucket: 'available', amount: -fees },
    { accountId: externalId, bucket: 'available', amount },
  ]
}

/** A reversal failed: the reserved net returns to collections available. */
export function releaseReversal(collectionsId: number, net: number): Posting[] {
  return [
    { accountId: collectionsId, bucket: 'pending', amount: -net },
    { accountId: collectionsId, bucket: 'available', amount: net },
  ]
}

/** A float top-up (bank_deposit) from the merchant's bank into an account. */
export function topUp(accountId: number, externalId: number, amount: number): Posting[] {
  return [
    { accountId: externalId, bucket: 'available', amount: -amount },
    { accountId, bucket: 'available', amount },
  ]
}

/** A collections -> payouts sweep (settlement). */
export function sweep(collectionsId: number, payoutsId: number, amount: number): Posting[] {
  return [
    { accountId: collectionsId, bucket: 'available', amount: -amount },
    { accountId: payoutsId, bucket: 'available', amount },
  ]
}
