import { Money } from '../../components/money'
import { PAYOUT_TYPES } from '../../lib/transaction-labels'
import type { ListedTransaction } from '../../components/transactions/transaction-list-columns'

interface Totals {
  collected: { count: number; minor: number }
  paidOut: { count: number; minor: number }
  reversed: { count: number; minor: number }
  failed: number
}

const DONE = new Set(['completed', 'settled'])

/**
 * What the rows shown add up to, counted like Home and the daily settlement report: collected = charges
 * that completed (gross), paid out = completed payouts with their fees, reversed = completed reversals.
 */
export function shownTotals(rows: readonly ListedTransaction[]): Totals {
  const totals: Totals = { collected: { count: 0, minor: 0 }, paidOut: { count: 0, minor: 0 }, reversed: { count: 0, minor: 0 }, failed: 0 }
  for (const tx of rows) {
    if (tx.status === 'failed' || tx.status === 'rejected') totals.failed += 1
    if (!DONE.has(tx.status) || tx.amount === null) continue
    const bucket = tx.type === 'charge' ? totals.collected : PAYOUT_TYPES.has(tx.type) ? totals.paidOut : tx.type === 'reversal' ? totals.reversed : null
    if (!bucket) continue
    bucket.count += 1
    bucket.minor += tx.amount + (PAYOUT_TYPES.has(tx.type) ? tx.fees ?? 0 : 0)
  }
  return totals
}

const plural = (count: number, one: string) => `${count.toLocaleString('en-GB')} ${one}${count === 1 ? '' : 's'}`

/** The totals line above the results: the direct answer to "what came in?" for the period shown. */
export function ShownTotals({ rows }: { rows: readonly ListedTransaction[] }) {
  const totals = shownTotals(rows)
  return (
    <dl className="shown-totals" aria-label="Totals of the transactions shown" data-testid="shown-totals">
      <div><dt>Collected</dt><dd data-testid="total-collected"><Money minor={totals.collected.minor} /></dd><dd className="shown-totals__note">{plural(totals.collected.count, 'charge')}</dd></div>
      <div><dt>Paid out</dt><dd data-testid="total-paid-out"><Money minor={totals.paidOut.minor} /></dd><dd className="shown-totals__note">{plural(totals.paidOut.count, 'payout')}, fees included</dd></div>
      <div><dt>Reversed</dt><dd><Money minor={totals.reversed.minor} /></dd><dd className="shown-totals__note">{plural(totals.reversed.count, 'reversal')}</dd></div>
      <div><dt>Failed</dt><dd data-testid="total-failed">{totals.failed.toLocaleString('en-GB')}</dd><dd className="shown-totals__note">moved no money</dd></div>
    </dl>
  )
}
