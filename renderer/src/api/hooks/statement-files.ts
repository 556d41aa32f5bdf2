import { useApiMutation, useApiQuery } from '../use-api'

// Statements for accounting software and the missing-invoices report: days are the organization's local
// days on the server's side, so these send no time zone.

/** GET /console/statements/{accountNo}.ofx: the OFX text (HTTP answers the file, IPC the text). */
export function useStatementOfx() {
  return useApiMutation('console.statements.ofx')
}

/** GET /console/statements/{accountNo}.csv?format=xero|quickbooks: the CSV text. */
export function useStatementBankCsv() {
  return useApiMutation('console.statements.csv')
}

export function useMissingInvoices(range: { from: string; to: string }) {
  return useApiQuery('console.reports.missingInvoices', { query: range })
}

/** GET /console/reports/missing-invoices.csv: every payment without an invoice number, as CSV text. */
export function useMissingInvoicesCsv() {
  return useApiMutation('console.reports.missingInvoicesCsv')
}
