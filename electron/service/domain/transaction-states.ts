import type { TransactionStatus } from '../../../shared/schemas/common'

/**
 * The state machine. `pending -> completed | failed`; a charge's funds later move `completed -> settled`.
 * `rejected` is final at creation. `initiated` exists in the spec's vocabulary but the engine never
 * needs it: everything it accepts is `pending` at once.
 */
const TRANSITIONS: Record<TransactionStatus, readonly TransactionStatus[]> = {
  initiated: ['pending', 'rejected'],
  pending: ['completed', 'failed'],
  completed: ['settled'],
  settled: [],
  failed: [],
  rejected: [],
}

/** Takes plain strings too: the property test asks it about whatever the database holds. */
export function canTransition(from: string, to: string): boolean {
  return (TRANSITIONS[from as TransactionStatus] ?? []).includes(to as TransactionStatus)
}

export function assertTransition(publicId: string, from: TransactionStatus, to: TransactionStatus): void {
  if (!canTransition(from, to)) throw new Error(`illegal transition of ${publicId}: ${from} -> ${to}`)
}
