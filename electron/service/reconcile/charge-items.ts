import type { ChargeRecord } from '../db/reconciliations-repo'
import type { ReconciliationItemRecord } from '../db/reconciliation-items-repo'
import type { MatchInput } from './match-input'
import { isPaid } from './paid'

/**
 * Items for the period's paid charges that no row matched. A charge with the phone and amount of a matched
 * payment on the same day is the same order paid twice (a customer who approved a second prompt): a
 * `duplicate` of that row, naming the payment it repeats. Any other is `missing_in_file`. Oldest first,
 * numbered after the file's last line.
 */
export function chargeItems(input: MatchInput, usedBy: ReadonlyMap<string, number>, pointedTo: ReadonlySet<string>, lastLine: number): ReconciliationItemRecord[] {
  const matchedByDay = new Map<string, { line: number; id: string }>()
  const unmatched: ChargeRecord[] = []
  for (const charge of input.charges) {
    const line = usedBy.get(charge.id)
    if (line !== undefined) {
      if (charge.phone !== null) matchedByDay.set(`${charge.phone}|${charge.amount}|${input.dayOf(charge.createdAt)}`, { line, id: charge.id })
    } else if (isPaid(charge) && !pointedTo.has(charge.id)) unmatched.push(charge)
  }
  unmatched.sort((a, b) => a.createdAt - b.createdAt || a.rowId - b.rowId)
  return unmatched.map((charge, i): ReconciliationItemRecord => {
    const base = {
      seq: lastLine + 1 + i, transaction_id: charge.id, file_amount: null, paydesk_amount: charge.amount, manual: false,
    }
    const repeated = charge.phone === null ? undefined : matchedByDay.get(`${charge.phone}|${charge.amount}|${input.dayOf(charge.createdAt)}`)
    if (repeated) {
      return {
        ...base, kind: 'duplicate', line: repeated.line, candidates: [repeated.id],
        note: `Paid twice: the same phone and amount on the same day as the payment matched to line ${repeated.line}.`,
      }
    }
    return { ...base, kind: 'missing_in_file', line: null, candidates: [], note: null }
  })
}
