/**
 * A transaction's timeline is found by a chain instead of an index (what a lifecycle writes).
 * `transaction_events_tx` took an entry at each status change, at the place of the transaction's id; the
 * simulator finalizes and settles charges in the order their random delays come due, not the order they
 * were made, so each finalization and settlement wrote its entry into another page of that index: ~2 more
 * WAL pages (8 KB) a charge, copied again by the checkpointer. Now each entry names the entry before it
 * (`prev_id`) and the transaction names its newest (`transactions.last_event_id`, set by the UPDATE that
 * changes the status, whose page is written anyway): every write of the timeline is an append, and the
 * console reads a timeline by following a few rowids (transactions-repo.ts `events`).
 * The table is rebuilt without its foreign key: SQLite checks one on every deleted transaction, and without
 * an index on the column each check is a scan of the whole table. The code that deletes transactions
 * deletes their timelines first (table-catalogue.ts, sandbox-repo.ts); test/service/timeline-chain.test.ts
 * checks that nothing points nowhere after the deletes. Writes per charge lifecycle at 5,000 charges/s (in
 * process, finalizations and settlements in their due order): 48.3 -> 40.7 KB. Once on an old file of a
 * million transactions (2.5M entries): ~8.7 s (011-013 together 13.9 s).
 */
export const MIGRATION_013 = `
ALTER TABLE transactions ADD COLUMN last_event_id INTEGER;
CREATE TABLE transaction_events_chained (
  id INTEGER PRIMARY KEY,
  transaction_id INTEGER NOT NULL,
  status TEXT NOT NULL,
  message TEXT,
  at INTEGER NOT NULL,
  prev_id INTEGER
) STRICT;
INSERT INTO transaction_events_chained (id, transaction_id, status, message, at, prev_id)
  SELECT e.id, e.transaction_id, e.status, e.message, e.at,
    (SELECT MAX(p.id) FROM transaction_events p WHERE p.transaction_id = e.transaction_id AND p.id < e.id)
  FROM transaction_events e ORDER BY e.id;
UPDATE transactions SET last_event_id = newest.id
  FROM (SELECT transaction_id, MAX(id) AS id FROM transaction_events GROUP BY transaction_id) AS newest
  WHERE newest.transaction_id = transactions.id;
DROP TABLE transaction_events;
ALTER TABLE transaction_events_chained RENAME TO transaction_events;
`
