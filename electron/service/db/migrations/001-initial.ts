/**
 * The whole first schema. Money columns are INTEGER minor units. Non-system accounts carry a CHECK that
 * neither bucket goes negative, so a bug that would overdraw an account aborts its SQLite transaction
 * instead of corrupting the ledger.
 */
export const MIGRATION_001 = `
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE organizations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  enterprise INTEGER NOT NULL DEFAULT 0 CHECK (enterprise IN (0, 1)),
  fee_tariff TEXT,
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  prefix TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER
) STRICT;

CREATE TABLE shortcodes (
  code TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  kind TEXT NOT NULL CHECK (kind IN ('collections', 'payouts', 'external', 'fees')),
  account_no TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  is_default INTEGER NOT NULL DEFAULT 0,
  host_type TEXT,
  shortcode TEXT REFERENCES shortcodes(code),
  bank_name TEXT,
  bank_code TEXT,
  branch_code TEXT,
  swift_code TEXT,
  available INTEGER NOT NULL DEFAULT 0,
  pending INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL,
  CHECK (kind IN ('external', 'fees') OR (available >= 0 AND pending >= 0))
) STRICT;
CREATE INDEX accounts_org ON accounts(organization_id, environment, kind);

CREATE TABLE transactions (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  type TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'settled', 'initiated', 'rejected')),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  account_type TEXT NOT NULL CHECK (account_type IN ('collections', 'payouts')),
  merchant_transaction_id TEXT,
  amount INTEGER NOT NULL CHECK (amount > 0),
  charged_amount INTEGER,
  fees INTEGER NOT NULL DEFAULT 0 CHECK (fees >= 0),
  currency TEXT NOT NULL,
  payment_method TEXT NOT NULL,
  processor TEXT NOT NULL,
  processor_reference TEXT,
  phone_number TEXT,
  narration TEXT,
  message TEXT,
  customer_id TEXT,
  metadata TEXT,
  sub_merchant_id TEXT,
  sub_merchant_details TEXT,
  shortcode TEXT,
  webhook_url TEXT,
  counterparty TEXT,
  related_id INTEGER REFERENCES transactions(id),
  result_code TEXT,
  outcome TEXT,
  due_at INTEGER,
  settle_due_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX transactions_merchant_ref ON transactions(organization_id, environment, merchant_transaction_id)
  WHERE merchant_transaction_id IS NOT NULL;
CREATE INDEX transactions_list ON transactions(organization_id, environment, created_at DESC, id DESC);
CREATE INDEX transactions_due ON transactions(due_at) WHERE due_at IS NOT NULL;
CREATE INDEX transactions_settle_due ON transactions(settle_due_at) WHERE settle_due_at IS NOT NULL;
CREATE INDEX transactions_related ON transactions(related_id) WHERE related_id IS NOT NULL;

CREATE TABLE transaction_events (
  id INTEGER PRIMARY KEY,
  transaction_id INTEGER NOT NULL REFERENCES transactions(id),
  status TEXT NOT NULL,
  message TEXT,
  at INTEGER NOT NULL
) STRICT;
CREATE INDEX transaction_events_tx ON transaction_events(transaction_id);

CREATE TABLE ledger_postings (
  id INTEGER PRIMARY KEY,
  transaction_id INTEGER NOT NULL REFERENCES transactions(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  bucket TEXT NOT NULL CHECK (bucket IN ('available', 'pending')),
  amount INTEGER NOT NULL CHECK (amount <> 0),
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX ledger_postings_tx ON ledger_postings(transaction_id);
CREATE INDEX ledger_postings_account ON ledger_postings(account_id, bucket);

CREATE TABLE idempotency_keys (
  organization_id TEXT NOT NULL,
  environment TEXT NOT NULL,
  key TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (organization_id, environment, key)
) STRICT;

CREATE TABLE bank_codes (
  country TEXT NOT NULL,
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (country, code)
) STRICT;

CREATE TABLE webhook_endpoints (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL,
  default_url TEXT,
  secret TEXT NOT NULL,
  previous_secret TEXT,
  previous_secret_expires_at INTEGER,
  PRIMARY KEY (organization_id, environment)
) STRICT;

CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL,
  type TEXT NOT NULL,
  transaction_id INTEGER REFERENCES transactions(id),
  payload TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX webhook_events_tx ON webhook_events(transaction_id);
CREATE INDEX webhook_events_org ON webhook_events(organization_id, environment, created_at DESC);

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL REFERENCES webhook_events(id),
  url TEXT NOT NULL,
  target TEXT NOT NULL CHECK (target IN ('request', 'default', 'test', 'resend')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempt_count INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER,
  last_response_status INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_event ON webhook_deliveries(event_id);

CREATE TABLE webhook_attempts (
  id INTEGER PRIMARY KEY,
  delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id),
  attempt_no INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  response_status INTEGER,
  response_body TEXT,
  error TEXT
) STRICT;
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id);
`
