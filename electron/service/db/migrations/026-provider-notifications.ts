/**
 * A connected provider account can refuse its key: `provider_key_refused` joins the notification kinds.
 * SQLite cannot change a CHECK, so the table is built again with its rows and indexes.
 */
export const MIGRATION_026 = `
CREATE TABLE notifications_new (
  id INTEGER PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  kind TEXT NOT NULL CHECK (kind IN ('payment_received', 'payout_failed', 'low_float', 'approval_waiting', 'endpoint_failing', 'batch_finished', 'reconciliation_exceptions', 'provider_key_refused')),
  source TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,
  created_at INTEGER NOT NULL,
  read_at INTEGER
) STRICT;
INSERT INTO notifications_new SELECT id, organization_id, environment, kind, source, title, body, link, created_at, read_at FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_new RENAME TO notifications;
CREATE UNIQUE INDEX notifications_source ON notifications(organization_id, environment, kind, source);
CREATE INDEX notifications_org ON notifications(organization_id, environment, id);
CREATE INDEX notifications_unread ON notifications(organization_id, environment, id) WHERE read_at IS NULL;
`
