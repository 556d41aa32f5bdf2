import {
  AuditListSchema, AuditQuerySchema, CustomerPathSchema, CustomerViewSchema, SearchQuerySchema, SearchResultSchema,
  SettlementReportQuerySchema, SettlementReportSchema, StatementQuerySchema,
  StatementSchema,
} from '../../schemas/console-support'
import { defineRoutes } from '../route'

/** Console routes of the support desk: search, the customer view, the audit log, statements and the settlement report. */
export const CONSOLE_SUPPORT_ROUTES = defineRoutes({
  'console.search': {
    method: 'GET', path: '/console/search', surface: 'console', permission: 'support.search', tag: 'Support',
    summary: 'Find transactions the way a customer describes them',
    description: 'q is a Paydesk id, a merchant reference, a receipt (any case), a phone number in any spelling (0712 345 678, '
      + '+254 712 345 678, 712345678), an amount in shillings (1500, 1,500, KES 1,500.00) optionally with a day (yesterday, today, '
      + '2026-11-20: local days of timeZone, default the host\'s), or narration words. Results are grouped by what matched, newest '
      + 'first; exactMatch names the one transaction an exact id, reference or receipt found when nothing else matched. Answered '
      + 'from indexes only.',
    query: SearchQuerySchema, response: SearchResultSchema, successStatus: 200, message: 'Search completed', idempotency: 'none',
  },
  'console.customers.get': {
    method: 'GET', path: '/console/customers/{phoneNumber}', surface: 'console', permission: 'support.search', tag: 'Support',
    summary: 'Everything one phone number did: transactions, totals paid in, out and reversed, first and last seen, failure reasons',
    description: 'The phone number may be in any spelling; 400 when it is not a Kenyan mobile number.',
    params: CustomerPathSchema, response: CustomerViewSchema, successStatus: 200, message: 'Customer retrieved successfully', idempotency: 'none',
  },
  'console.audit.list': {
    method: 'GET', path: '/console/audit', surface: 'console', permission: 'audit.read', tag: 'Support',
    summary: 'The audit log: every console action that changed something, newest first (append-only)',
    description: 'Both environments unless environment is given. action filters by route id; target by exact target.',
    query: AuditQuerySchema, response: AuditListSchema, successStatus: 200, message: 'Audit log retrieved successfully', idempotency: 'none',
  },
  'console.statements.get': {
    method: 'GET', path: '/console/statements', surface: 'console', permission: 'transactions.read', tag: 'Support',
    summary: 'Statement of one account for local days from..to: opening, every movement with running balances, closing, totals, reconciliation',
    description: 'Days are local days of timeZone (default: the host\'s time zone). The reconciliation line says whether opening + '
      + 'movements = closing and whether closing equals the ledger\'s balance at the end of the range. The console turns this '
      + 'JSON into the CSV and PDF downloads (shared/statements/), so the files carry exactly these figures.',
    query: StatementQuerySchema, response: StatementSchema, successStatus: 200, message: 'Statement retrieved successfully', idempotency: 'none',
  },
  'console.reports.settlement': {
    method: 'GET', path: '/console/reports/settlement', surface: 'console', permission: 'transactions.read', tag: 'Support',
    summary: 'Daily settlement report: charges completed, fees, settled to available, payouts, reversals, collections balance at each day\'s end',
    description: "One line per local day of timeZone from from to to: charges completed, fees, net settled to available, payouts, reversals and the collections balance at the day's end.",
    query: SettlementReportQuerySchema, response: SettlementReportSchema, successStatus: 200, message: 'Settlement report retrieved successfully', idempotency: 'none',
  },
})
