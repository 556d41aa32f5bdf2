/**
 * One index less on ledger_postings, the table every money movement writes (CPU per charge).
 * `ledger_postings_account (account_id, bucket)` (001) is served by `ledger_postings_account_time
 * (account_id, created_at, id)` (005) for every query that used it: each seeks one account's postings
 * (the sandbox reset's rebalance, which reads the bucket from the row as it did before, since amount was
 * never in either index; statements and the settlement report; the foreign-key check when an account row
 * is deleted). Each posting (three per completed charge, two per settlement) paid for both.
 * test/service/ledger-indexes.test.ts checks the plans.
 */
export const MIGRATION_008 = `
DROP INDEX IF EXISTS ledger_postings_account;
`
