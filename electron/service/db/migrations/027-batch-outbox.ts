/**
 * A payout batch row sent to the provider (a batch on an environment connected in `operate` mode): its
 * outbox row, written in the unit that marks the row sent. The row's status follows that outbox row, then
 * the mirrored transaction once the mirror holds it (docs/upstream.md "Sending money").
 */
export const MIGRATION_027 = `
ALTER TABLE payout_batch_rows ADD COLUMN outbox_id TEXT;
CREATE INDEX payout_batch_rows_outbox ON payout_batch_rows(outbox_id) WHERE outbox_id IS NOT NULL;
`
