/**
 * The upstream outbox and its attempts become STRICT (a wrong type is refused, not stored), like the other
 * tables. SQLite cannot make a table STRICT, so both are rebuilt with their rows; the attempts first out and
 * last in, so no reference dangles. The outbox keeps no foreign key to organizations on purpose: it is kept
 * across a snapshot restore, which replaces organizations (db/table-catalogue.ts), and real money sent must
 * never be lost to a restore.
 */
export const MIGRATION_028 = `
CREATE TABLE upstream_outbox_028 (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  merchant_transaction_id TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  route TEXT NOT NULL,
  body TEXT NOT NULL,
  body_sha256 TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'sent', 'unknown', 'accepted', 'rejected', 'needs_review', 'closed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  last_error TEXT,
  transaction_id TEXT,
  unknown_since INTEGER,
  closed_note TEXT,
  closed_by TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (organization_id, environment, merchant_transaction_id)
) STRICT;
CREATE TABLE upstream_outbox_attempts_028 (
  id INTEGER PRIMARY KEY,
  outbox_id TEXT NOT NULL REFERENCES upstream_outbox_028(id),
  at INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('send', 'lookup')),
  status INTEGER,
  outcome TEXT NOT NULL,
  answer TEXT
) STRICT;
INSERT INTO upstream_outbox_028 SELECT id, organization_id, environment, merchant_transaction_id, idempotency_key, route, body, body_sha256,
  state, attempts, next_at, last_error, transaction_id, unknown_since, closed_note, closed_by, created_at, updated_at FROM upstream_outbox;
INSERT INTO upstream_outbox_attempts_028 SELECT id, outbox_id, at, kind, status, outcome, answer FROM upstream_outbox_attempts;
DROP TABLE upstream_outbox_attempts;
DROP TABLE upstream_outbox;
ALTER TABLE upstream_outbox_028 RENAME TO upstream_outbox;
ALTER TABLE upstream_outbox_attempts_028 RENAME TO upstream_outbox_attempts;
CREATE INDEX upstream_outbox_due ON upstream_outbox (organization_id, environment, state, next_at);
CREATE INDEX upstream_outbox_attempts_by_row ON upstream_outbox_attempts (outbox_id, id);
`
