import type { TransactionStatus } from './schemas/common'

/**
 * Whether a transaction can still change state by itself: the engine (tests of the state machine) and
 * the console (when to stop refreshing) ask the same question. Only charges go on from `completed` (their
 * funds settle later). Takes the record, not two strings, so type and status cannot be swapped.
 */
export function isFinal(transaction: { readonly type: string; readonly status: TransactionStatus | string }): boolean {
  const { type, status } = transaction
  if (status === 'completed') return type !== 'charge'
  return status === 'settled' || status === 'failed' || status === 'rejected'
}
