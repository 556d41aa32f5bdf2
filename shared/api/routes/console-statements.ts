import { z } from 'zod'
import {
  StatementCsvQuerySchema, StatementFilePathSchema, StatementOfxQuerySchema,
} from '../../schemas/statement-files'
import { defineRoutes } from '../route'

/** Statements for accounting software (OFX, Xero, QuickBooks) and the payments still missing a tax invoice (docs/statements.md). */
export const CONSOLE_STATEMENT_FILE_ROUTES = defineRoutes({
  'console.statements.ofx': {
    method: 'GET', path: '/console/statements/{accountNo}.ofx', surface: 'console', permission: 'transactions.read', tag: 'Support',
    summary: 'OFX 2.2 bank statement of one account for local days from..to (QuickBooks, Xero, Sage, Wave import it as is)',
    description: "Days are local days of the organization's time zone. Opening and closing balances (BALLIST, LEDGERBAL), one STMTTRN "
      + "per movement of the account's whole balance with FITID = the transaction's id, each fee its own STMTTRN (FITID <id>-fee); "
      + 'KES with two decimals; the tax invoice number and the M-PESA receipt in MEMO. HTTP answers the file, IPC its text.',
    params: StatementFilePathSchema, query: StatementOfxQuerySchema, response: z.string(), produces: 'application/x-ofx',
    successStatus: 200, message: 'OFX statement', idempotency: 'none',
  },
  'console.statements.csv': {
    method: 'GET', path: '/console/statements/{accountNo}.csv', surface: 'console', permission: 'transactions.read', tag: 'Support',
    summary: "Bank statement CSV of one account in Xero's (format=xero) or QuickBooks' (format=quickbooks) columns",
    description: "The same movements as the OFX statement, one line each (fees their own lines), dates DD/MM/YYYY of the organization's "
      + 'time zone, signed amounts in KES with two decimals. xero: *Date, *Amount, Payee, Description, Reference (the tax invoice '
      + 'number, else the M-PESA receipt); quickbooks: Date, Description, Amount. HTTP answers the file, IPC its text.',
    params: StatementFilePathSchema, query: StatementCsvQuerySchema, response: z.string(), produces: 'text/csv',
    successStatus: 200, message: 'Bank statement CSV', idempotency: 'none',
  },
})
