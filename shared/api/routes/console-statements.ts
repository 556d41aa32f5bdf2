import { z } from 'zod'
import {
  MissingInvoicesQuerySchema, MissingInvoicesSchema, StatementCsvQuerySchema, StatementFilePathSchema, StatementOfxQuerySchema,
} from '../../schemas/statement-files'
import { defineRoutes, EXPORT_BUSY } from '../route'

/** Statements for accounting software (OFX, Xero, QuickBooks) and the payments still missing a tax invoice (docs/statements.md). */
export const CONSOLE_STATEMENT_FILE_ROUTES = defineRoutes({
  'console.statements.ofx': {
    method: 'GET', path: '/console/statements/{accountNo}.ofx', surface: 'console', permission: 'transactions.read', tag: 'Support',
    summary: 'OFX 2.2 bank statement of one account for local days from..to (QuickBooks, Xero, Sage, Wave import it as is)',
    description: "Days are local days of the organization's time zone. Opening and closing balances (BALLIST, LEDGERBAL), one STMTTRN "
      + "per movement of the account's whole balance with FITID = the transaction's id, each fee its own STMTTRN (FITID <id>-fee); "
      + 'KES with two decimals; the tax invoice number and the M-PESA receipt in MEMO. HTTP answers the file, written in pages of '
      + 'the ledger as they are read (no Content-Length; one heavy export per organization at a time), IPC its text.',
    params: StatementFilePathSchema, query: StatementOfxQuerySchema, response: z.string(), produces: 'application/x-ofx',
    successStatus: 200, message: 'OFX statement', idempotency: 'none', refusals: [EXPORT_BUSY],
  },
  'console.statements.csv': {
    method: 'GET', path: '/console/statements/{accountNo}.csv', surface: 'console', permission: 'transactions.read', tag: 'Support',
    summary: "Bank statement CSV of one account in Xero's (format=xero) or QuickBooks' (format=quickbooks) columns",
    description: "The same movements as the OFX statement, one line each (fees their own lines), dates DD/MM/YYYY of the organization's "
      + 'time zone, signed amounts in KES with two decimals. xero: *Date, *Amount, Payee, Description, Reference (the tax invoice '
      + 'number, else the M-PESA receipt); quickbooks: Date, Description, Amount. HTTP answers the file, written in pages of the '
      + 'ledger as they are read (no Content-Length; one heavy export per organization at a time), IPC its text.',
    params: StatementFilePathSchema, query: StatementCsvQuerySchema, response: z.string(), produces: 'text/csv',
    successStatus: 200, message: 'Bank statement CSV', idempotency: 'none', refusals: [EXPORT_BUSY],
  },
  'console.reports.missingInvoices': {
    method: 'GET', path: '/console/reports/missing-invoices', surface: 'console', permission: 'transactions.read', tag: 'Support',
    summary: 'Completed payments of local days from..to without metadata.taxInvoiceNumber: count and amount by kind, and the list',
    description: "Days are local days of the organization's time zone. Charges, payouts (B2C, B2B, bank transfers) and reversals that "
      + 'completed, created in the period; withInvoice counts those that have one. items lists the missing ones, newest first.',
    query: MissingInvoicesQuerySchema, response: MissingInvoicesSchema, successStatus: 200, message: 'Missing invoices', idempotency: 'none',
  },
  'console.reports.missingInvoicesCsv': {
    method: 'GET', path: '/console/reports/missing-invoices.csv', surface: 'console', permission: 'transactions.read', tag: 'Support',
    summary: 'The payments without a tax invoice number as CSV, for the bookkeeper to chase before filing',
    description: 'Every payment of the JSON report (no limit), one line each: date, transaction, kind, type, amount, reference, receipt, phone number, narration. HTTP answers the file, IPC its text.',
    query: MissingInvoicesQuerySchema, response: z.string(), produces: 'text/csv',
    successStatus: 200, message: 'Missing invoices CSV', idempotency: 'none',
  },
})
