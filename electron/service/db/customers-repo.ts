import type { Db } from './connection'
import type { TableWatch } from './cache/table-watch'

export interface CustomerRow {
  phone_number: string
  name: string | null
  balance: number
  daily_limit: number
  status: 'active' | 'blocked' | 'unregistered'
  created_at: number
  updated_at: number
}

/** The simulated customers (migration 007) and the per-phone facts their outcomes depend on. */
export function createCustomersRepo(db: Db, watch: TableWatch) {
  const getStmt = db.prepare<[string], CustomerRow>('SELECT * FROM customers WHERE phone_number = ?')
  const listStmt = db.prepare<[], CustomerRow>('SELECT * FROM customers ORDER BY phone_number')
  const anyStmt = db.prepare<[], { n: number }>('SELECT EXISTS (SELECT 1 FROM customers) AS n')
  // Asked by every charge and payout; only an INSERT or DELETE can change the answer (wallet updates do not).
  const anyCustomer = watch.memo([{ table: 'customers', columns: [] }], () => anyStmt.get()!.n === 1)
  const upsertStmt = db.prepare(`INSERT INTO customers (phone_number, name, balance, daily_limit, status, created_at, updated_at)
    VALUES (@phone_number, @name, @balance, @daily_limit, @status, @created_at, @updated_at)
    ON CONFLICT(phone_number) DO UPDATE SET name = excluded.name, balance = excluded.balance, daily_limit = excluded.daily_limit,
      status = excluded.status, updated_at = excluded.updated_at`)
  const adjustStmt = db.prepare('UPDATE customers SET balance = balance + ?, updated_at = ? WHERE phone_number = ?')
  const deleteStmt = db.prepare('DELETE FROM customers WHERE phone_number = ?')
  // Completed charges of the day count against the limit; pending ones are not money spent yet.
  const spentStmt = db.prepare<[string, number], { total: number }>(`SELECT COALESCE(SUM(amount), 0) AS total FROM transactions
    WHERE type = 'charge' AND phone_number = ? AND created_at >= ? AND status IN ('completed', 'settled')`)
  const promptStmt = db.prepare<[string, number], { public_id: string }>(`SELECT public_id FROM transactions
    WHERE type = 'charge' AND phone_number = ? AND created_at >= ? AND status = 'pending' ORDER BY created_at, id LIMIT 1`)
  return {
    /** The SQL of the per-phone checks, for EXPLAIN QUERY PLAN in tests. */
    statements: { spentStmt, promptStmt },
    get(phoneNumber: string): CustomerRow | undefined {
      return getStmt.get(phoneNumber)
    },
    list(): CustomerRow[] {
      return listStmt.all()
    },
    /** Cheap guard: with no customers at all, acceptance skips the per-phone queries. */
    any(): boolean {
      return anyCustomer('')
    },
    upsert(row: CustomerRow): CustomerRow {
      upsertStmt.run(row)
      return getStmt.get(row.phone_number)!
    },
    /** Adds `delta` (negative debits) to the wallet. The CHECK refuses a negative balance: callers check first. */
    adjust(phoneNumber: string, delta: number, now: number): void {
      adjustStmt.run(delta, now, phoneNumber)
    },
    remove(phoneNumber: string): boolean {
      return deleteStmt.run(phoneNumber).changes > 0
    },
    spentSince(phoneNumber: string, since: number): number {
      return spentStmt.get(phoneNumber, since)!.total
    },
    /**
     * The oldest charge still pending on this phone created since `since` (a prompt shows at most until
     * its timeout, so older ones are not on the screen any more).
     */
    pendingCharge(phoneNumber: string, since: number): string | undefined {
      return promptStmt.get(phoneNumber, since)?.public_id
    },
  }
}
export type CustomersRepo = ReturnType<typeof createCustomersRepo>
