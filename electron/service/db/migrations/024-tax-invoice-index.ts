/**
 * Console search finds a payment by its tax invoice number (metadata.taxInvoiceNumber, any letter case)
 * through this index, never by reading every transaction's metadata. Partial: most rows carry no invoice.
 */
export const MIGRATION_024 = `
CREATE INDEX transactions_tax_invoice ON transactions(organization_id, environment, upper(json_extract(metadata, '$.taxInvoiceNumber')))
  WHERE json_extract(metadata, '$.taxInvoiceNumber') IS NOT NULL;
`
