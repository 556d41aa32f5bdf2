/**
 * Bulk payouts (docs/console.md "Bulk payouts"): a batch is one uploaded file, checked row by row at
 * upload; submitting it queues its valid rows, and the engine's batch runner turns each queued row into
 * an ordinary payout in the same SQLite transaction that marks the row `sent` and links its transaction,
 * so a crash leaves a row either queued (run again after the restart) or sent with exactly one payout.
 *
 * `state` of a row: `valid` / `invalid` (checked, not submitted), `queued` (waiting for the runner),
 * `sent` (its payout exists: the row's status is the transaction's), `refused` (the payout call was
 * refused before a transaction existed; `failure_reason` says why). `attempt` counts retries of failed
 * rows (each a new payout with a reference derived from the row's). The partial index finds the next
 * queued rows of a batch without walking the ones already sent. A finished batch keeps its counts of
 * completed and failed rows (`completed_rows`, `failed_rows`), so the list of batches never joins rows.
 * `run_as` is the console actor (JSON `{ id, name, role }`) whose payouts the rows are: who submitted the
 * batch or retried its failed rows. `approval_id` names the approval that holds (or held) the batch when
 * the team's approval policy asks for one.
 */
export const MIGRATION_018 = `
CREATE TABLE payout_batches (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'invalid', 'awaiting_approval', 'scheduled', 'running', 'completed', 'completed_with_failures')),
  file_hash TEXT NOT NULL,
  duplicate_of TEXT,
  row_count INTEGER NOT NULL,
  valid_rows INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  fees INTEGER NOT NULL,
  completed_rows INTEGER NOT NULL DEFAULT 0,
  failed_rows INTEGER NOT NULL DEFAULT 0,
  run_at INTEGER,
  run_as TEXT,
  approval_id TEXT,
  created_at INTEGER NOT NULL,
  submitted_at INTEGER,
  finished_at INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX payout_batches_list ON payout_batches(organization_id, environment, created_at);
CREATE INDEX payout_batches_file ON payout_batches(organization_id, environment, file_hash);
CREATE INDEX payout_batches_account ON payout_batches(account_id);
CREATE INDEX payout_batches_active ON payout_batches(status) WHERE status IN ('scheduled', 'running');

CREATE TABLE payout_batch_rows (
  batch_id INTEGER NOT NULL REFERENCES payout_batches(id),
  line INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('mobile', 'bank')),
  phone_number TEXT,
  bank_code TEXT,
  account_number TEXT,
  account_name TEXT,
  recipient_name TEXT,
  amount INTEGER,
  fee INTEGER,
  reference TEXT,
  narration TEXT,
  errors TEXT,
  state TEXT NOT NULL CHECK (state IN ('valid', 'invalid', 'queued', 'sent', 'refused')),
  attempt INTEGER NOT NULL DEFAULT 0,
  transaction_id INTEGER REFERENCES transactions(id),
  failure_reason TEXT,
  PRIMARY KEY (batch_id, line)
);
CREATE INDEX payout_batch_rows_queued ON payout_batch_rows(batch_id, line) WHERE state = 'queued';
CREATE INDEX payout_batch_rows_transaction ON payout_batch_rows(transaction_id) WHERE transaction_id IS NOT NULL;
`
