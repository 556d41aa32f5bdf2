/**
 * Support desk: indexes that let search answer without scanning `transactions`, an index for
 * statements (postings of one account in a time range), and the append-only audit log.
 *
 * - Phone and amount searches seek (organization, environment, value) and read newest first from the index.
 * - Receipts are matched case-insensitively through an index on upper(processor_reference).
 * - Narration words go through a contentless FTS5 table kept in step by triggers (narrations never change
 *   after insert, but a sandbox reset deletes rows, so the delete trigger matters). contentless_delete lets
 *   those deletes remove the row from the index; detail=none keeps only which rows hold a word (search asks
 *   for words and prefixes, never phrases), which made seeding a million rows ~15% cheaper. Existing rows
 *   are backfilled here; bulk loads feed it in one statement (db/narration-index.ts).
 * - audit_log refuses UPDATE and DELETE in SQLite itself, so no code path (a reset included) can rewrite it.
 */
export const MIGRATION_005 = `
CREATE INDEX transactions_phone ON transactions(organization_id, environment, phone_number, created_at DESC)
  WHERE phone_number IS NOT NULL;
CREATE INDEX transactions_amount ON transactions(organization_id, environment, amount, created_at DESC);
CREATE INDEX transactions_receipt ON transactions(organization_id, environment, upper(processor_reference))
  WHERE processor_reference IS NOT NULL;
CREATE INDEX ledger_postings_account_time ON ledger_postings(account_id, created_at, id);

CREATE VIRTUAL TABLE transactions_fts USING fts5(narration, content='', contentless_delete=1, detail=none);
INSERT INTO transactions_fts(rowid, narration) SELECT id, narration FROM transactions WHERE narration IS NOT NULL;
CREATE TRIGGER transactions_fts_insert AFTER INSERT ON transactions WHEN new.narration IS NOT NULL BEGIN
  INSERT INTO transactions_fts(rowid, narration) VALUES (new.id, new.narration);
END;
CREATE TRIGGER transactions_fts_delete AFTER DELETE ON transactions WHEN old.narration IS NOT NULL BEGIN
  DELETE FROM transactions_fts WHERE rowid = old.id;
END;
CREATE TRIGGER transactions_fts_update AFTER UPDATE OF narration ON transactions BEGIN
  DELETE FROM transactions_fts WHERE rowid = old.id;
  INSERT INTO transactions_fts(rowid, narration) SELECT new.id, new.narration WHERE new.narration IS NOT NULL;
END;

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  organization_id TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  action TEXT NOT NULL,
  label TEXT NOT NULL,
  target TEXT,
  request_id TEXT NOT NULL
) STRICT;
CREATE INDEX audit_log_org ON audit_log(organization_id, id DESC);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
`
