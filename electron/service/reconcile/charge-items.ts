import type { ChargeRecord } from '../db/reconciliations-repo'
import type { ReconciliationItemRecord } from '../db/reconciliation-items-repo'
import type { MatchInput } from './match-input'
import { isPaid } from './paid'

/** Phone and amount of a charge, the pair a second payment of the same order repeats. */
const pairOf = (charge: ChargeRecord) => `${charge.phone}|${charge.amount}`

/**
 * The matched payment each unmatched charge repeats (same phone and amount, same local day), if any. Only
 * pairs some unmatched charge has are looked at: a few thousand keys, not one per matched charge.
 */
function repeatedPayments(input: MatchInput, usedBy: ReadonlyMap<number, number>, unmatched: readonly ChargeRecord[]) {
  const pairs = new Set(unmatched.filter((charge) => charge.phone !== null).map(pairOf))
  const matchedByDay = new Map<string, { line: number; id: string }>()
  for (const charge of input.charges) {
    const line = usedBy.get(charge.rowId)
    if (line === undefined || charge.phone === null) continue
    const pair = pairOf(charge)
    if (pairs.has(pair)) matchedByDay.set(`${pair}|${input.dayOf(charge.createdAt)}`, { line, id: charge.id })
  }
  return (charge: ChargeRecord) => (charge.phone === null ? undefined : matchedByDay.get(`${pairOf(charge)}|${input.dayOf(charge.createdAt)}`))
}

/**
 * Items for the period's paid charges that no row matched. A charge with the phone and amount of a matched
 * payment on the same day is the same order paid twice (a customer who approved a second prompt): a
 * `duplicate` of that row, naming the payment it repeats. Any other is `missing_in_file`. Oldest first,
 * numbered after the file's last line.
 */
export function chargeItems(input: MatchInput, usedBy: ReadonlyMap<number, number>, pointedTo: ReadonlySet<number>, lastLine: number): ReconciliationItemRecord[] {
  const unmatched = input.charges.filter((charge) => !usedBy.has(charge.rowId) && isPaid(charge) && !pointedTo.has(charge.rowId))
  unmatched.sort((a, b) => a.createdAt - b.createdAt || a.rowId - b.rowId)
  const repeats = repeatedPayments(input, usedBy, unmatched)
  return unmatched.map((charge, i): ReconciliationItemRecord => {
    const base = { seq: lastLine + 1 + i, transaction_id: charge.id, file_amount: null, paydesk_amount: charge.amount, manual: false }
    const repeated = repeats(charge)
    if (repeated) {
      return {
        ...base, kind: 'duplicate', line: repeated.line, candidates: [repeated.id],
        note: `Paid twice: the same phone and amount on the same day as the payment matched to line ${repeated.line}.`,
      }
    }
    return { ...base, kind: 'missing_in_file', line: null, candidates: [], note: null }
  })
}
