import type { ChargeRecord } from '../db/reconciliations-repo'

/** Only a completed charge counts as paid (settled: completed, and its funds moved on), and only if no reversal gave the money back. */
export function isPaid(charge: Pick<ChargeRecord, 'status' | 'reversed'>): boolean {
  return (charge.status === 'completed' || charge.status === 'settled') && charge.reversed === 0
}

/** Why a charge a row points to is not a payment. */
export function unpaidNote(charge: Pick<ChargeRecord, 'status' | 'reversed' | 'message'>): string {
  if (charge.reversed === 1) return 'The charge was paid, then reversed: the customer has the money back.'
  if (charge.status === 'failed' || charge.status === 'rejected') {
    const reason = charge.message?.replace(/\.+$/, '')
    return `The charge ${charge.status}${reason ? `: ${reason}` : ''}.`
  }
  return `The charge is still ${charge.status}: not paid yet.`
}
