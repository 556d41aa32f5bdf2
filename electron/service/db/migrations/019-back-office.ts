/**
 * The back office: reconciliations of a merchant's own file against its charges, and notifications.
 *
 * - `reconciliations` keeps the file's text (the export writes every row again with its outcome) and a
 *   summary kept in step with its items; `number` counts them. `reconciliation_items` holds one item per file
 *   row, at `seq` = the row's file line, and after the last line one per charge the file misses (or pays
 *   twice). Its key is `number * 2^32 + seq`: a reconciliation's ~100,000 items are appended in key order to
 *   one b-tree, with no second index to write (a text key and its index took twice the time), and read back
 *   as one range of it. `reconciliation_matches` records each match made by hand with what it replaced, so it
 *   can be undone exactly. Items name transactions by public id, without a foreign key: they record what was
 *   compared, and a sandbox reset erases them with the transactions (sandbox-repo.ts).
 * - `reconciliation_mappings`: the mapping last used for a file header, per organization and environment.
 * - `notification_rules`: one JSON document per organization and environment (defaults until saved).
 * - `notifications`: `source` names what a notification is about (a transaction, a reconciliation, an
 *   account's crossing below its threshold), unique per kind, so one fact never raises two notifications.
 * - `notification_marks`: what a rule must remember between movements: an account that is below its
 *   threshold (raised once per crossing) and the run of failed deliveries of a webhook URL.
 */
export const MIGRATION_019 = `
CREATE TABLE reconciliations (
  id TEXT PRIMARY KEY,
  number INTEGER NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  name TEXT NOT NULL,
  from_day TEXT NOT NULL,
  to_day TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  amount_unit TEXT NOT NULL CHECK (amount_unit IN ('KES', 'cents')),
  mapping TEXT NOT NULL,
  file_text TEXT NOT NULL,
  summary TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX reconciliations_org ON reconciliations(organization_id, environment, created_at);

CREATE TABLE reconciliation_items (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('matched', 'amount_mismatch', 'missing_in_paydesk', 'missing_in_file', 'duplicate', 'ambiguous')),
  line INTEGER,
  transaction_id TEXT,
  file_amount INTEGER,
  paydesk_amount INTEGER,
  candidates TEXT,
  note TEXT,
  manual INTEGER NOT NULL DEFAULT 0 CHECK (manual IN (0, 1))
) STRICT;

CREATE TABLE reconciliation_matches (
  reconciliation_id TEXT NOT NULL REFERENCES reconciliations(id),
  line INTEGER NOT NULL,
  transaction_id TEXT NOT NULL,
  replaced TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (reconciliation_id, line)
) STRICT;

CREATE TABLE reconciliation_mappings (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  header TEXT NOT NULL,
  mapping TEXT NOT NULL,
  amount_unit TEXT NOT NULL CHECK (amount_unit IN ('KES', 'cents')),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (organization_id, environment, header)
) STRICT;

CREATE TABLE notification_rules (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  rules TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (organization_id, environment)
) STRICT;

CREATE TABLE notifications (
  id INTEGER PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  kind TEXT NOT NULL CHECK (kind IN ('payment_received', 'payout_failed', 'low_float', 'approval_waiting', 'endpoint_failing', 'batch_finished', 'reconciliation_exceptions')),
  source TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,
  created_at INTEGER NOT NULL,
  read_at INTEGER
) STRICT;
CREATE UNIQUE INDEX notifications_source ON notifications(organization_id, environment, kind, source);
CREATE INDEX notifications_org ON notifications(organization_id, environment, id);
CREATE INDEX notifications_unread ON notifications(organization_id, environment, id) WHERE read_at IS NULL;

CREATE TABLE notification_marks (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  mark TEXT NOT NULL,
  value INTEGER NOT NULL,
  note TEXT,
  PRIMARY KEY (organization_id, environment, mark)
) STRICT;
`
