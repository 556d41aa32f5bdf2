/**
 * A payout file's tax invoice number and the recipient's KRA PIN, kept with its row until the row's payout
 * carries them in its metadata (the tax-invoice convention, shared/tax-invoice.ts).
 *
 * Console search finds a payment by its tax invoice number (metadata.taxInvoiceNumber, any letter case)
 * through this index, never by reading every transaction's metadata. Partial: most rows carry no invoice.
 */
export const MIGRATION_024 = `
ALTER TABLE payout_batch_rows ADD COLUMN tax_invoice_number TEXT;
ALTER TABLE payout_batch_rows ADD COLUMN kra_pin TEXT;
CREATE INDEX transactions_tax_invoice ON transactions(organization_id, environment, upper(json_extract(metadata, '$.taxInvoiceNumber')))
  WHERE json_extract(metadata, '$.taxInvoiceNumber') IS NOT NULL;
`
