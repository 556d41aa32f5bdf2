/**
 * The API request log (docs/console.md "Requests"): one row per /v1 request of either environment, refused
 * ones too. `seq` orders the log and pages it; rows are trimmed per environment, oldest first, so the
 * table stays bounded. Secrets are redacted before a row is written (request-log/redact.ts).
 * `faults` is the JSON list of API faults applied to the request (filled by the fault lab; NULL = none).
 */
export const MIGRATION_003 = `
CREATE TABLE api_requests (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  request_id TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  organization_id TEXT,
  at INTEGER NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  query TEXT NOT NULL,
  status INTEGER NOT NULL,
  duration_ms REAL NOT NULL,
  key_prefix TEXT,
  idempotency_key TEXT,
  replayed INTEGER NOT NULL DEFAULT 0,
  request_headers TEXT NOT NULL,
  request_body TEXT,
  response_headers TEXT NOT NULL,
  response_body TEXT,
  warnings TEXT,
  transaction_id TEXT,
  faults TEXT
) STRICT;
CREATE INDEX api_requests_env ON api_requests(environment, seq);
CREATE INDEX api_requests_request_id ON api_requests(request_id);
CREATE INDEX api_requests_tx ON api_requests(environment, transaction_id, seq) WHERE transaction_id IS NOT NULL;
CREATE INDEX api_requests_idem ON api_requests(environment, idempotency_key, seq) WHERE idempotency_key IS NOT NULL;
`
