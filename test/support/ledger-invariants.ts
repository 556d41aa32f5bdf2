import type { Store } from '../../electron/service/db/store'

/**
 * Checks the ledger guarantees stated in electron/service/ledger/postings.ts against the database and
 * returns every violation (empty = healthy). Used after each step of service and property tests.
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
        AND t.type IN ('transfer', 'payment', 'bank_withdrawal')), 0) AS reserved
    FROM accounts a WHERE a.kind = 'payouts'`).all() as { account_no: string; pending: number; reserved: number }[]
  for (const r of reservations) if (r.pending !== r.reserved) problems.push(`payouts ${r.account_no} pending ${r.pending} != reservations ${r.reserved}`)
  const collections = store.db.prepare(`
    SELECT a.account_no, a.pending AS pending,
      COALESCE((SELECT SUM(t.amount - t.fees) FROM transactions t WHERE t.account_id = a.id AND t.type = 'charge' AND t.status = 'completed'), 0)
      + COALESCE((SELECT SUM(c.amount - c.fees) FROM transactions r JOIN transactions c ON c.id = r.related_id
        WHERE r.account_id = a.id AND r.type = 'reversal' AND r.status = 'pending'), 0) AS expected
    FROM accounts a WHERE a.kind = 'collections'`).all() as { account_no: string; pending: number; expected: number }[]
  for (const c of collections) if (c.pending !== c.expected) problems.push(`collections ${c.account_no} pending ${c.pending} != unsettled net ${c.expected}`)
  return problems
}
