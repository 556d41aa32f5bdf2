/**
 * The upstream outbox: every request that moves real money through the provider is first a row here,
 * committed with what makes it (docs/upstream.md "Sending money"). The Idempotency-Key and the body are
 * fixed when the row is written, so every attempt, after any crash, sends the same bytes under the same key.
 * `unknown_since`: when the outcome first became unclear (24 hours later the row needs review). `closed`: an
 * operator resolved it by hand (`closed_note`, `closed_by`), after checking with the provider.
 * Each send and look-up is one attempt row: what was sent and what the provider answered. A row the outbox
 * gave up on raises `outbox_needs_review` (a kind migration 022 lets the notifications table hold).
 */
export const MIGRATION_026 = `
CREATE TABLE upstream_outbox (
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
);
CREATE INDEX upstream_outbox_due ON upstream_outbox (organization_id, environment, state, next_at);
CREATE TABLE upstream_outbox_attempts (
  id INTEGER PRIMARY KEY,
  outbox_id TEXT NOT NULL REFERENCES upstream_outbox(id),
  at INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('send', 'lookup')),
  status INTEGER,
  outcome TEXT NOT NULL,
  answer TEXT
);
CREATE INDEX upstream_outbox_attempts_by_row ON upstream_outbox_attempts (outbox_id, id);
`
