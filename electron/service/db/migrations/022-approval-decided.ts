/**
 * Notifications of a decision go to the one person who asked (`approval_decided`): a new kind, and
 * `recipient_id`, the user a notification is for (null: everyone of its organization's environment).
 * The connected provider account's kinds join the CHECK too: a refused key (`provider_key_refused`) and a
 * payment whose outcome needs a person (`outbox_needs_review`).
 * SQLite cannot change a CHECK, so the table is rebuilt with its rows and indexes. Waiting approvals past
 * their time are found by the tick (to tell their requesters) through a partial index.
 */
export const MIGRATION_022 = `
CREATE TABLE notifications_022 (
  id INTEGER PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  kind TEXT NOT NULL CHECK (kind IN ('payment_received', 'payout_failed', 'low_float', 'approval_waiting', 'endpoint_failing', 'batch_finished', 'reconciliation_exceptions', 'approval_decided',
    'provider_key_refused', 'outbox_needs_review')),
  source TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,
  created_at INTEGER NOT NULL,
  read_at INTEGER,
  recipient_id TEXT
) STRICT;
INSERT INTO notifications_022 (id, organization_id, environment, kind, source, title, body, link, created_at, read_at)
  SELECT id, organization_id, environment, kind, source, title, body, link, created_at, read_at FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_022 RENAME TO notifications;
CREATE UNIQUE INDEX notifications_source ON notifications(organization_id, environment, kind, source);
CREATE INDEX notifications_org ON notifications(organization_id, environment, id);
CREATE INDEX notifications_unread ON notifications(organization_id, environment, id) WHERE read_at IS NULL;
CREATE INDEX approvals_pending_expiry ON approvals(expires_at) WHERE status = 'pending';
`
