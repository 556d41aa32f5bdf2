/**
 * A transaction's postings are found through its timeline instead of an index on transaction_id
 * (what a lifecycle writes; the same reason as 013). `ledger_postings_tx` took the postings of every
 * finalization and settlement at the place of the transaction's id: a random page of the index per money
 * movement, as the simulator settles in the order delays come due. Each posting now names the timeline
 * entry of the state change that moved it (`event_id`: the newest entry of its transaction when posted,
 * ledger/move-money.ts), and `ledger_postings_event` is keyed by it: entries are written in time order, so
 * each insert lands on the index's last page. A transaction's postings are those of the entries of its
 * chain (ledger-repo.ts `postingsOf`, statement-repo.ts); deletes follow the chains too.
 * Old postings get the newest entry of their transaction not after them (they were written in the unit of
 * that state change), else its first. The table is rebuilt without the foreign key on transaction_id (with
 * no index on the column, SQLite would scan the table for every deleted transaction); the one on
 * account_id stays (ledger_postings_account_time leads with it). Once on an old file of a million
 * transactions (2.7M postings): ~10 s (011-014 together ~24 s, measured while other work ran).
 */
export const MIGRATION_014 = `
CREATE INDEX transaction_events_upgrade_014 ON transaction_events(transaction_id, at);
CREATE TABLE ledger_postings_by_entry (
  id INTEGER PRIMARY KEY,
  transaction_id INTEGER NOT NULL,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  bucket TEXT NOT NULL CHECK (bucket IN ('available', 'pending')),
  amount INTEGER NOT NULL CHECK (amount <> 0),
  created_at INTEGER NOT NULL,
  event_id INTEGER NOT NULL
) STRICT;
INSERT INTO ledger_postings_by_entry (id, transaction_id, account_id, bucket, amount, created_at, event_id)
  SELECT p.id, p.transaction_id, p.account_id, p.bucket, p.amount, p.created_at, COALESCE(
      (SELECT MAX(e.id) FROM transaction_events e WHERE e.transaction_id = p.transaction_id AND e.at <= p.created_at),
      (SELECT MIN(e.id) FROM transaction_events e WHERE e.transaction_id = p.transaction_id))
  FROM ledger_postings p ORDER BY p.id;
DROP TABLE ledger_postings;
ALTER TABLE ledger_postings_by_entry RENAME TO ledger_postings;
CREATE INDEX ledger_postings_account_time ON ledger_postings(account_id, created_at, id);
CREATE INDEX ledger_postings_event ON ledger_postings(event_id);
DROP INDEX transaction_events_upgrade_014;
`
