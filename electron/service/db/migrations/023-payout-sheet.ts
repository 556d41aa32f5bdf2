/**
 * Payout files as people keep them: a row's intended name (the file's name, employee, recipient or payee
 * column), shown beside the registered name the name check finds, and the columns of the file Paydesk
 * does not use (JSON array of their headers as written), kept so the batch can say they were not used.
 */
export const MIGRATION_023 = `
ALTER TABLE payout_batch_rows ADD COLUMN intended_name TEXT;
ALTER TABLE payout_batches ADD COLUMN unused_columns TEXT;
`
