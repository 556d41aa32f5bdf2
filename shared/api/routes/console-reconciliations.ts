import { z } from 'zod'
import {
  CreateReconciliationRequestSchema, ManualMatchRequestSchema, MappingSuggestionQuerySchema, MappingSuggestionSchema,
  MAX_RECONCILIATION_BODY_BYTES, ReconciliationLinePathSchema, ReconciliationListSchema, ReconciliationPathSchema,
  ReconciliationQuerySchema, ReconciliationSchema,
} from '../../schemas/reconciliations'
import { defineRoutes, EXPORT_BUSY } from '../route'

/** Console routes of the reconciliation workbench: the merchant's own file against Paydesk's charges (docs/reconciliation.md). */
export const CONSOLE_RECONCILIATIONS_ROUTES = defineRoutes({
  'console.reconciliations.create': {
    method: 'POST', path: '/console/reconciliations', surface: 'console', permission: 'support.search', tag: 'Reconciliation',
    summary: 'Reconcile a file (order export, bank or M-Pesa statement) against the charges of local days from..to',
    description: 'Rows are matched by merchant reference, then receipt, then phone (any spelling) and amount within the period '
      + '(only when exactly one charge fits). Only completed charges count as paid. Amounts in the answer are cents; line is the '
      + 'file line (the header is line 1). Saved; the mapping is remembered for files with the same header. The answer holds the '
      + `first page of items, exceptions first. The body may be up to ${MAX_RECONCILIATION_BODY_BYTES / 1024 / 1024} MiB.`,
    body: CreateReconciliationRequestSchema, response: ReconciliationSchema, maxBodyBytes: MAX_RECONCILIATION_BODY_BYTES,
    successStatus: 201, message: 'Reconciliation saved', idempotency: 'none',
  },
  'console.reconciliations.list': {
    method: 'GET', path: '/console/reconciliations', surface: 'console', permission: 'transactions.read', tag: 'Reconciliation',
    summary: 'Saved reconciliations of the environment, newest first, with their summaries',
    description: 'Each saved reconciliation of the console\'s organization and environment with its name, period and summary counts, without its items (GET /console/reconciliations/{id} pages them).',
    response: ReconciliationListSchema, successStatus: 200, message: 'Reconciliations retrieved successfully', idempotency: 'none',
  },
  'console.reconciliations.get': {
    method: 'GET', path: '/console/reconciliations/{id}', surface: 'console', permission: 'transactions.read', tag: 'Reconciliation',
    summary: 'One reconciliation: its summary and a page of items, exceptions first (kind= filters)',
    description: 'kind filters the items by outcome and exceptions=true|false keeps the exceptions or the matched rows; limit (default 500) and offset page them, exceptions first, then in file order. 404 for an id of another environment.',
    params: ReconciliationPathSchema, query: ReconciliationQuerySchema, response: ReconciliationSchema,
    successStatus: 200, message: 'Reconciliation retrieved successfully', idempotency: 'none',
  },
  'console.reconciliations.match': {
    method: 'POST', path: '/console/reconciliations/{id}/matches', surface: 'console', permission: 'support.search', tag: 'Reconciliation',
    summary: 'Match a file row to a completed charge by hand, with a note',
    description: 'The row must not be matched already; the charge must be a completed charge of the environment that no other '
      + 'row is matched to. A charge the file was missing stops being listed as missing_in_file.',
    params: ReconciliationPathSchema, body: ManualMatchRequestSchema, response: ReconciliationSchema,
    successStatus: 201, message: 'Row matched by hand', idempotency: 'none',
  },
  'console.reconciliations.unmatch': {
    method: 'DELETE', path: '/console/reconciliations/{id}/matches/{line}', surface: 'console', permission: 'support.search', tag: 'Reconciliation',
    summary: 'Undo a match made by hand: the row and the charge are as the reconciliation had left them',
    description: 'line is the file line of a row matched by hand (the header is line 1). 404 when that line has no match made by hand; 409 when its charge was matched to another line since.',
    params: ReconciliationLinePathSchema, response: ReconciliationSchema, successStatus: 200, message: 'Match undone', idempotency: 'none',
  },
  'console.reconciliations.export': {
    method: 'GET', path: '/console/reconciliations/{id}/export.csv', surface: 'console', permission: 'transactions.read', tag: 'Reconciliation',
    summary: 'Every file row with its outcome, then the charges missing in the file, as CSV',
    description: 'Over HTTP the body is the CSV file (text/csv), written in pages as it is read (one heavy export per organization at a time); over IPC the envelope\'s data is its text.',
    params: ReconciliationPathSchema, response: z.string(), produces: 'text/csv',
    successStatus: 200, message: 'Reconciliation exported', idempotency: 'none', refusals: [EXPORT_BUSY],
  },
  'console.reconciliations.mapping': {
    method: 'GET', path: '/console/reconciliation-mappings', surface: 'console', permission: 'transactions.read', tag: 'Reconciliation',
    summary: 'The column mapping for a file header: the one remembered from the last file with this header, else guessed from its names',
    description: 'header is the file\'s first line as it is: the console asks before it sends the whole file. remembered says whether the mapping is the one saved with the last file of this header or a guess from the column names.',
    query: MappingSuggestionQuerySchema, response: MappingSuggestionSchema,
    successStatus: 200, message: 'Mapping suggested', idempotency: 'none',
  },
})
