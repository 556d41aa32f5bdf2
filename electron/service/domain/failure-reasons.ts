/**
 * Why a transaction failed, in the words a support agent says to a customer, and what to do next. Keyed
 * by the result code the engine records: M-PESA's (lifecycle/plan.ts OUTCOMES, lifecycle/customers.ts) and
 * the engine's own refusals at acceptance (operations/support/accept.ts, operations/mobile-reverse.ts).
 */
const EXPLAINED: Record<string, { reason: string; nextStep: string }> = {
  '1032': { reason: 'Cancelled by the customer', nextStep: 'Ask the customer whether they meant to pay, then send the charge again.' },
  '1037': {
    reason: 'Timed out: the phone could not be reached or nobody answered',
    nextStep: 'Check that the phone is on and has signal, then send again; the customer has about a minute to answer.',
  },
  '1': { reason: 'Insufficient funds', nextStep: 'Ask the customer to top up M-PESA or to pay a smaller amount.' },
  '2001': { reason: 'Wrong PIN', nextStep: 'Send it again and ask the customer to enter their M-PESA PIN carefully.' },
  '1001': { reason: 'Another transaction was in progress on this phone', nextStep: 'Wait a minute for the other transaction to finish, then try again.' },
  '4': { reason: 'Over the customer’s daily M-PESA limit', nextStep: 'Try a smaller amount, or again tomorrow.' },
  '11': { reason: 'The customer’s M-PESA account is blocked', nextStep: 'The customer must ask Safaricom to unblock it; take another way to pay meanwhile.' },
  '2040': { reason: 'The number is not registered for M-PESA', nextStep: 'Check the number with the customer: it must be an M-PESA line.' },
  insufficient_float: {
    reason: 'Refused: the payouts float could not cover amount plus fee',
    nextStep: 'Top up the payouts float (or sweep collections to it), then send again. No money moved.',
  },
  insufficient_collections: {
    reason: 'Refused: collections no longer held the money to reverse',
    nextStep: 'Wait until enough collections have settled, then reverse again. No money moved.',
  },
}

/**
 * A payout's failures read from the other side: the person paid is the recipient, and the money went back
 * to the payouts float (a failed payout releases its reservation). Codes not here keep the charge's words.
 */
const PAYOUT_EXPLAINED: Record<string, { reason: string; nextStep: string }> = {
  '1032': { reason: 'Cancelled', nextStep: 'Check with the recipient, then send the payout again. The amount and fee went back to the payouts float.' },
  '1037': { reason: 'Timed out: the recipient\'s phone could not be reached', nextStep: 'Send the payout again later. The amount and fee went back to the payouts float.' },
  '1': { reason: 'The payout could not be funded', nextStep: 'Check the payouts float, then send the payout again. Nothing was paid.' },
  '2001': { reason: 'Refused: the sender\'s credentials were not accepted', nextStep: 'Send the payout again; if it keeps failing, quote the result code to the processor. Nothing was paid.' },
  '1001': { reason: 'Another transaction was in progress on the recipient\'s phone', nextStep: 'Wait a minute, then send the payout again. The amount and fee went back to the payouts float.' },
  '4': { reason: 'Over the recipient\'s M-PESA limit', nextStep: 'Pay a smaller amount, or again tomorrow. The amount and fee went back to the payouts float.' },
  '11': { reason: 'The recipient\'s M-PESA account is blocked', nextStep: 'Pay the recipient another way; they must ask Safaricom to unblock it.' },
  '2040': { reason: 'The number is not registered for M-PESA', nextStep: 'Check the number with the recipient: it must be an M-PESA line. Nothing was paid.' },
}
const PAYOUT_TYPES = new Set(['transfer', 'payment', 'bank_withdrawal'])

export interface FailureExplanation {
  resultCode: string | null
  reason: string
  nextStep: string
}

/** Plain words for a failed or rejected transaction (a payout's as a payout's, `type` given); null for any other status. */
export function explainFailure(status: string, resultCode: string | null, message: string | null, type?: string): FailureExplanation | null {
  if (status !== 'failed' && status !== 'rejected') return null
  const payout = type !== undefined && PAYOUT_TYPES.has(type)
  const known = resultCode === null ? undefined : (payout ? PAYOUT_EXPLAINED[resultCode] : undefined) ?? EXPLAINED[resultCode]
  if (known) return { resultCode, ...known }
  if (status === 'rejected') {
    return { resultCode, reason: `Refused before it started${message ? `: ${message}` : ''}`, nextStep: 'Correct what the reason names, then send again. No money moved.' }
  }
  return { resultCode, reason: message ?? 'Failed (no reason given)', nextStep: 'Send it again; if it keeps failing, quote the result code to the processor.' }
}

/** The reason alone (the customer view groups failures by it). */
export function failureReason(status: string, resultCode: string | null, message: string | null): string | null {
  return explainFailure(status, resultCode, message)?.reason ?? null
}
