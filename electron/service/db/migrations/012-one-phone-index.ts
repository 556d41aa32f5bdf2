/**
 * One index of transactions by phone instead of two (CPU per charge). The support desk's
 * `transactions_phone (organization_id, environment, phone_number, created_at)` (005) and the simulated
 * customers' `transactions_charge_phone (phone_number, created_at) WHERE type = 'charge'` (007) both took
 * an entry for every charge. One `(phone_number, created_at)` over every type serves both: the customers'
 * checks seek the phone and the time as before (and skip other types by the row they read anyway for the
 * status), and the desk's lookups seek the phone and drop other organizations' rows as they read them (a
 * phone number is rarely shared between organizations; its rows are read for their columns anyway).
 * An acceptance's CPU in its batch: ~2-3 us less (in process, alternated). search-repo.ts keeps the
 * planner on this index for the desk's newest-first page (its comment says how). 011 and 012 together took
 * 5.2 s once on a file of a million transactions. test/http/console-search.test.ts and
 * test/http/customers.test.ts check the plans; customers.test.ts also that payouts do not count as charges.
 */
export const MIGRATION_012 = `
DROP INDEX IF EXISTS transactions_charge_phone;
DROP INDEX IF EXISTS transactions_phone;
CREATE INDEX transactions_phone ON transactions(phone_number, created_at) WHERE phone_number IS NOT NULL;
`
