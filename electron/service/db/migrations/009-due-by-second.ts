/**
 * The simulator's due index keyed by the second a transaction is due, then by id (charge p99).
 * `transactions_due (due_at)` (001) took every accepted charge at a random place among the next 1-3 s of
 * due times (the fast simulator draws each delay), so a batch of acceptances wrote as many index pages as
 * it had charges, and finalizing in due_at order rewrote rows, timelines, postings and webhook events at
 * random places among the last seconds' ids. Keyed by (second, id), acceptances append at the end of two
 * or three seconds' runs, and the due work of one second is finalized in id order: neighbouring rows and
 * index entries, a few pages per batch. `due_at` is kept in the entry so the simulator's query filters on
 * it without reading rows (transactions-repo.ts dueIds; test/service/due-index.test.ts checks the plans).
 * Within one second, work that is already due runs in id order instead of due-time order: both are due.
 */
export const MIGRATION_009 = `
DROP INDEX IF EXISTS transactions_due;
CREATE INDEX transactions_due_second ON transactions(due_at / 1000, id, due_at) WHERE due_at IS NOT NULL;
`
