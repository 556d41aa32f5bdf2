import type { Store } from '../../electron/service/db/store'
import { BROUGHT_FORWARD_NARRATION } from '../../electron/service/lifecycle/brought-forward'
import { timelineEntryIds } from '../../electron/service/db/timeline-sql'

/**
 * The pending part of an account's balance brought forward from a provider (lifecycle/brought-forward.ts).
 * Exempt from guarantees 4 and 5: it stands for reservations and unsettled charges made before the mirror's
 * history begins, whose transactions the mirror never holds (an environment that mirrors nothing has none).
 */
const BROUGHT_FORWARD_PENDING = `COALESCE((SELECT SUM(p.amount) FROM ledger_postings p WHERE p.account_id = a.id AND p.bucket = 'pending'
  AND p.event_id IN (${timelineEntryIds("SELECT b.id FROM transactions b WHERE b.public_id >= 'bf_' AND b.public_id < 'bf`' AND b.narration = @broughtForward")})), 0)`

/**
 * Checks the ledger guarantees stated in electron/service/ledger/postings.ts against the database and
 * returns every violation (empty = healthy). Used after each step of service and property tests, and on a
 * connected environment's mirror, whose postings are the provider's lifecycle (lifecycle/mirror-ledger.ts),
 * not a local simulator's: the same guarantees hold there with the balance brought forward's pending
 * exempted, and a mirrored reversal whose charge the mirror does not hold reserves its own amount.
 */
export function ledgerViolations(store: Store): string[] {
  const problems: string[] = []
  for (const { transaction_id, total } of store.ledger.unbalancedTransactions()) problems.push(`transaction ${transaction_id} postings sum to ${total}`)
  const sums = new Map<string, number>()
  for (const row of store.ledger.sums()) sums.set(`${row.account_id}:${row.bucket}`, row.total)
  for (const account of store.accounts.all()) {
    const system = account.kind === 'external' || account.kind === 'fees'
    for (const bucket of ['available', 'pending'] as const) {
      const cached = account[bucket]
      const posted = sums.get(`${account.id}:${bucket}`) ?? 0
      if (cached !== posted) problems.push(`account ${account.account_no} ${bucket} is ${cached} but its postings sum to ${posted}`)
      if (!system && cached < 0) problems.push(`account ${account.account_no} ${bucket} is negative (${cached})`)
    }
  }
  const reservations = store.db.prepare(`
    SELECT a.account_no, a.pending AS pending,
      COALESCE((SELECT SUM(t.amount + t.fees) FROM transactions t WHERE t.account_id = a.id AND t.status = 'pending'
        AND t.type IN ('transfer', 'payment', 'bank_withdrawal')), 0) + ${BROUGHT_FORWARD_PENDING} AS reserved
    FROM accounts a WHERE a.kind = 'payouts'`).all({ broughtForward: BROUGHT_FORWARD_NARRATION }) as { account_no: string; pending: number; reserved: number }[]
  for (const r of reservations) if (r.pending !== r.reserved) problems.push(`payouts ${r.account_no} pending ${r.pending} != reservations ${r.reserved}`)
  const collections = store.db.prepare(`
    SELECT a.account_no, a.pending AS pending,
      COALESCE((SELECT SUM(t.amount - t.fees) FROM transactions t WHERE t.account_id = a.id AND t.type = 'charge' AND t.status = 'completed'), 0)
      + COALESCE((SELECT SUM(CASE WHEN c.id IS NOT NULL THEN c.amount - c.fees
          WHEN EXISTS (SELECT 1 FROM upstream_rows u WHERE u.transaction_id = r.id) THEN r.amount ELSE 0 END)
        FROM transactions r LEFT JOIN transactions c ON c.id = r.related_id
        WHERE r.account_id = a.id AND r.type = 'reversal' AND r.status = 'pending'), 0)
      + ${BROUGHT_FORWARD_PENDING} AS expected
    FROM accounts a WHERE a.kind = 'collections'`).all({ broughtForward: BROUGHT_FORWARD_NARRATION }) as { account_no: string; pending: number; expected: number }[]
  for (const c of collections) if (c.pending !== c.expected) problems.push(`collections ${c.account_no} pending ${c.pending} != unsettled net ${c.expected}`)
  return problems
}
