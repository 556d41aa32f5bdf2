import { formatMinor } from '../../../shared/money'
import type { Statement, StatementLine } from '../../../shared/schemas/console-support'
import type { BucketSums, StatementPostingRow } from '../db/statement-repo'

type Movement = Pick<StatementLine, 'movement' | 'description'>

/**
 * The narration of the one entry that carries what a provider account held before its mirrored history
 * (lifecycle/brought-forward.ts): a top-up from the world outside, named for what it is.
 */
export const BROUGHT_FORWARD_NARRATION = 'Balance brought forward from the provider'

/** What a line did to the account, from the transaction's type and which buckets moved which way. */
function describe(type: string, available: number, pending: number, narration: string | null): Movement {
  const payout = type === 'transfer' || type === 'payment' || type === 'bank_withdrawal'
  if (type === 'charge') {
    if (pending > 0 && available === 0) return { movement: 'charge_completed', description: 'Charge completed (pending settlement)' }
    if (pending < 0 && available > 0) return { movement: 'charge_settled', description: 'Charge settled to available' }
    // Completed and settled in one line (older seeded history wrote both at the settlement time).
    if (pending === 0 && available > 0) return { movement: 'charge_settled', description: 'Charge completed and settled to available' }
  }
  if (payout || type === 'reversal') {
    const what = payout ? 'Payout' : 'Reversal'
    const kind = payout ? 'payout' : 'reversal'
    if (available < 0 && pending > 0) return { movement: `${kind}_reserved`, description: `${what} reserved` }
    if (pending < 0 && available === 0) return { movement: `${kind}_paid`, description: `${what} paid out` }
    // Reserved and paid in one line (seeded history: the processor answered within the same record).
    if (available < 0 && pending === 0) return { movement: `${kind}_paid`, description: `${what} paid out` }
    if (pending < 0 && available > 0) return { movement: `${kind}_released`, description: `${what} failed, reservation released` }
  }
  if (type === 'bank_deposit') return { movement: 'top_up', description: narration === BROUGHT_FORWARD_NARRATION ? narration : 'Float top-up' }
  if (type === 'settlement') return available < 0 ? { movement: 'sweep_out', description: 'Swept to payouts' } : { movement: 'sweep_in', description: 'Sweep from collections' }
  return { movement: 'other', description: type }
}

export interface StatementInput {
  opening: BucketSums
  postings: Iterable<StatementPostingRow>
  /** The ledger's own balance at the end of the range (the account's buckets less what moved after it). */
  ledgerClosing: BucketSums
  currency: string
}

/**
 * The statement's lines, one per transaction per instant (the postings one state change made to this
 * account, e.g. a payout's reservation moves money from available to pending in one line), each with
 * the running balances after it. A generator, so the settlement report can walk a busy account's
 * history without holding every line.
 */
export function* statementLines(opening: BucketSums, postings: Iterable<StatementPostingRow>): Generator<StatementLine> {
  const balance = { ...opening }
  let line: StatementLine | null = null
  let narration: string | null = null
  let key = ''
  for (const p of postings) {
    const next = `${p.transaction_id}:${p.created_at}`
    if (line === null || next !== key) {
      if (line !== null) yield finish(line, narration)
      narration = p.narration
      line = {
        at: p.created_at, transactionId: p.public_id, type: p.type, status: p.status,
        reference: p.merchant_transaction_id ?? p.processor_reference, receipt: p.processor_reference, taxInvoiceNumber: p.tax_invoice_number, movement: 'other', description: '', available: 0, pending: 0,
        fee: 0, balance: { ...balance },
      }
      key = next
    }
    if (p.id === p.first_posting_id) line.fee = p.fees
    line[p.bucket] += p.amount
    balance[p.bucket] += p.amount
    line.balance = { ...balance }
  }
  if (line !== null) yield finish(line, narration)
}

function finish(line: StatementLine, narration: string | null): StatementLine {
  return Object.assign(line, describe(line.type, line.available, line.pending, narration))
}

/** Lines, running balances, totals and the reconciliation line of a statement. */
export function buildStatement(input: StatementInput): Pick<Statement, 'opening' | 'lines' | 'movements' | 'fees' | 'closing' | 'totalsByType' | 'reconciliation'> {
  const lines = [...statementLines(input.opening, input.postings)]
  const balance = lines.length === 0 ? { ...input.opening } : { ...lines[lines.length - 1]!.balance }
  const totals = new Map<string, Statement['totalsByType'][number]>()
  for (const line of lines) {
    const total = totals.get(line.type) ?? { type: line.type, count: 0, available: 0, pending: 0, fees: 0 }
    total.count += 1
    total.available += line.available
    total.pending += line.pending
    total.fees += line.fee
    totals.set(line.type, total)
  }
  const movements = { available: balance.available - input.opening.available, pending: balance.pending - input.opening.pending }
  const holds = balance.available === input.ledgerClosing.available && balance.pending === input.ledgerClosing.pending
  const money = (b: BucketSums) => `available ${formatMinor(b.available, input.currency)}, pending ${formatMinor(b.pending, input.currency)}`
  const statement = holds
    ? `Reconciled: opening (${money(input.opening)}) + movements (${money(movements)}) = closing (${money(balance)}), which matches the ledger.`
    : `DOES NOT RECONCILE: opening (${money(input.opening)}) + movements (${money(movements)}) = ${money(balance)}, but the ledger says ${money(input.ledgerClosing)}.`
  return {
    opening: input.opening, lines, movements, fees: lines.reduce((sum, l) => sum + l.fee, 0), closing: { ...balance },
    totalsByType: [...totals.values()].sort((a, b) => a.type.localeCompare(b.type)),
    reconciliation: { holds, ledgerClosing: input.ledgerClosing, statement },
  }
}
