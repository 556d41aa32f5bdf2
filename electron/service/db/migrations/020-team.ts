/**
 * A merchant's team (docs/security.md): users with roles, their sign-in sessions, the approval policy and
 * the approvals it holds money requests for, and who did each audited action.
 * - users and user_sessions belong to this Paydesk, not to an organization or a sandbox: a snapshot restore
 *   keeps them (table-catalogue.ts). A name is unique whatever its case (`name_key` is its lower case).
 *   Passwords are stored as scrypt hashes, session tokens as SHA-256 digests: neither secret is kept.
 * - approval_rules (the policy) and approvals are an organization's sandbox state. A JSON column is
 *   decoded by approvals-repo.ts only.
 * - audit_log names its actor; rows written before this migration were the console's one operator.
 *   ADD COLUMN rewrites no row, so the append-only triggers are not in the way.
 */
export const MIGRATION_020 = `
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'approver', 'maker', 'support', 'developer', 'viewer')),
  password_hash TEXT NOT NULL,
  disabled_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE TABLE user_sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL
) STRICT;
CREATE INDEX user_sessions_user ON user_sessions(user_id);
CREATE TABLE approval_rules (
  id INTEGER PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  position INTEGER NOT NULL,
  action TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live', 'any')),
  min_amount INTEGER NOT NULL CHECK (min_amount >= 0),
  approvals INTEGER NOT NULL CHECK (approvals IN (1, 2))
) STRICT;
CREATE INDEX approval_rules_org ON approval_rules(organization_id, position);
CREATE TABLE approvals (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  action TEXT NOT NULL,
  route_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
  request_body TEXT NOT NULL,
  idempotency_key TEXT,
  requester_id TEXT NOT NULL,
  requested_by TEXT NOT NULL,
  approvals_required INTEGER NOT NULL CHECK (approvals_required IN (1, 2)),
  decisions TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'expired')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  decided_at INTEGER,
  reason TEXT,
  transaction_id TEXT,
  refusal TEXT
) STRICT;
CREATE INDEX approvals_org ON approvals(organization_id, environment, created_at);
ALTER TABLE audit_log ADD COLUMN actor_id TEXT NOT NULL DEFAULT 'console';
ALTER TABLE audit_log ADD COLUMN actor_name TEXT NOT NULL DEFAULT 'console';
ALTER TABLE audit_log ADD COLUMN actor_role TEXT NOT NULL DEFAULT 'owner';
`
