/**
 * A connected provider account (docs/upstream.md): the connection of an organization's environment (never
 * the key: only its last four characters), the provider's id and fingerprint of every mirrored transaction
 * (the rows themselves are ordinary transactions), and the changes seen after a row was first mirrored.
 */
export const MIGRATION_025 = `
CREATE TABLE upstream_connections (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  url TEXT NOT NULL,
  key_fingerprint TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('read', 'operate')),
  connected_at INTEGER NOT NULL,
  since TEXT NOT NULL,
  backfill_next TEXT,
  backfill_rows INTEGER NOT NULL DEFAULT 0,
  date_times INTEGER,
  last_sync_at INTEGER,
  last_error TEXT,
  balances TEXT,
  deep_scan_at INTEGER,
  PRIMARY KEY (organization_id, environment)
) STRICT;
CREATE TABLE upstream_rows (
  transaction_id INTEGER PRIMARY KEY REFERENCES transactions(id),
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  first_seen_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  vanished_at INTEGER
) STRICT;
CREATE INDEX upstream_rows_organization ON upstream_rows(organization_id, environment);
CREATE TABLE upstream_changes (
  id INTEGER PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL,
  transaction_id INTEGER NOT NULL REFERENCES transactions(id),
  field TEXT NOT NULL,
  from_value TEXT,
  to_value TEXT,
  seen_at INTEGER NOT NULL
) STRICT;
CREATE INDEX upstream_changes_list ON upstream_changes(organization_id, environment, id);
CREATE INDEX upstream_changes_transaction ON upstream_changes(transaction_id);
`
