import { z } from 'zod'
import {
  PayoutBatchCreateRequestSchema, PayoutBatchDeletedSchema, PayoutBatchListSchema, PayoutBatchPathSchema, PayoutBatchRowCorrectionSchema,
  PayoutBatchRowPathSchema, PayoutBatchSchema, PayoutBatchSubmitRequestSchema,
} from '../../schemas/payout-batches'
import { defineRoutes, EXPORT_BUSY } from '../route'

/** A file of 10,000 rows is up to ~3 MB of JSON: more than the default body limit of the HTTP face. */
const UPLOAD_BODY_BYTES = 4 * 1024 * 1024

/**
 * Bulk payouts from a file (docs/console.md "Bulk payouts"): upload and check, submit (now, later, or for
 * approval), watch, retry the failed rows, download the results. Every row runs as an ordinary payout.
 */
export const CONSOLE_PAYOUT_BATCHES_ROUTES = defineRoutes({
  'console.payoutBatches.create': {
    method: 'POST', path: '/console/payout-batches', surface: 'console', permission: 'payments.create', tag: 'Bulk payouts',
    summary: 'Upload a payout file: every row checked (phone, amount, reference, bank code, recipient name) and previewed with fees',
    description: 'Answers the batch as `draft` (or `invalid` when no row is valid); nothing is paid until it is submitted.',
    body: PayoutBatchCreateRequestSchema, maxBodyBytes: UPLOAD_BODY_BYTES, response: PayoutBatchSchema, successStatus: 201,
    message: 'Payout batch created', idempotency: 'none',
  },
  'console.payoutBatches.list': {
    method: 'GET', path: '/console/payout-batches', surface: 'console', permission: 'transactions.read', tag: 'Bulk payouts',
    summary: 'Payout batches of this environment, newest first (scheduled and running ones are the queue)',
    description: 'The latest batches with their status, counts of rows by outcome, totals and when a scheduled one runs.',
    response: PayoutBatchListSchema, successStatus: 200, message: 'Payout batches retrieved successfully', idempotency: 'none',
  },
  'console.payoutBatches.get': {
    method: 'GET', path: '/console/payout-batches/{batchId}', surface: 'console', permission: 'transactions.read', tag: 'Bulk payouts',
    summary: 'One payout batch with every row: its status, payout, receipt and failure reason',
    description: 'Every row in file order: what was asked, what the check found (the registered name against the one given) and what the payout did.',
    params: PayoutBatchPathSchema, response: PayoutBatchSchema, successStatus: 200, message: 'Payout batch retrieved successfully', idempotency: 'none',
  },
  'console.payoutBatches.delete': {
    method: 'DELETE', path: '/console/payout-batches/{batchId}', surface: 'console', permission: 'payments.create', tag: 'Bulk payouts',
    summary: 'Delete a draft batch (one never submitted) with its rows',
    description: 'Refused (409) once the batch was submitted: a batch that is waiting for approval, scheduled, running or finished stays on record.',
    params: PayoutBatchPathSchema, response: PayoutBatchDeletedSchema, successStatus: 200, message: 'Payout batch deleted', idempotency: 'none',
  },
  'console.payoutBatches.dropRow': {
    method: 'DELETE', path: '/console/payout-batches/{batchId}/rows/{line}', surface: 'console', permission: 'payments.create', tag: 'Bulk payouts',
    summary: 'Leave one row of a draft batch out; the batch\'s counts and totals follow',
    description: 'Drafts only (409 otherwise); the last row cannot be dropped (delete the batch). Answers the batch as it is now.',
    params: PayoutBatchRowPathSchema, response: PayoutBatchSchema, successStatus: 200, message: 'Row dropped', idempotency: 'none',
  },
  'console.payoutBatches.correctRow': {
    method: 'PUT', path: '/console/payout-batches/{batchId}/rows/{line}', surface: 'console', permission: 'payments.create', tag: 'Bulk payouts',
    summary: 'Correct one row of a draft batch: its cells replaced and checked again as an upload checks them',
    description: 'The cells as a file row has them (absent = empty; amounts as people write them). Drafts only (409 otherwise). Answers the batch with its totals.',
    params: PayoutBatchRowPathSchema, body: PayoutBatchRowCorrectionSchema, response: PayoutBatchSchema, successStatus: 200, message: 'Row corrected', idempotency: 'none',
  },
  'console.payoutBatches.submit': {
    method: 'POST', path: '/console/payout-batches/{batchId}/submit', surface: 'console', permission: 'payments.create', tag: 'Bulk payouts',
    summary: 'Run the valid rows now, or at runAt on the simulated clock; refused when the float cannot cover amount + fees',
    description: 'A file uploaded before (duplicateOf) runs only with confirmDuplicate: true. When a `bulk-payout` rule of the approval policy '
      + 'matches a signed-in user\'s batch (its total amount), the batch is `awaiting_approval` instead: one approval for the whole batch '
      + '(`approval`, POST /console/approvals/{id}/approve) starts it; a rejected or expired one leaves it an unsent draft.',
    params: PayoutBatchPathSchema, body: PayoutBatchSubmitRequestSchema, response: PayoutBatchSchema, successStatus: 200,
    message: 'Payout batch submitted', idempotency: 'none',
  },
  'console.payoutBatches.retryFailed': {
    method: 'POST', path: '/console/payout-batches/{batchId}/retry-failed', surface: 'console', permission: 'payments.create', tag: 'Bulk payouts',
    summary: 'Send the failed rows again as new payouts (references derived from the old ones); completed rows are never touched',
    description: 'Refused unless the batch has finished with failed rows; the retried rows run under the same pacing and float check as a submit.',
    params: PayoutBatchPathSchema, response: PayoutBatchSchema, successStatus: 200, message: 'Failed rows queued again', idempotency: 'none',
  },
  'console.payoutBatches.results': {
    method: 'GET', path: '/console/payout-batches/{batchId}/results.csv', surface: 'console', permission: 'transactions.read', tag: 'Bulk payouts',
    summary: 'The results file: one line per input line (line, reference, recipient, amount, fee, status, transactionId, receipt, tax invoice number, failure reason)',
    description: 'HTTP answers text/csv (RFC 4180, formula-safe), written in pages of rows as they are read (one heavy export per organization at a time); IPC answers the same text as the envelope\'s data.',
    params: PayoutBatchPathSchema, response: z.string(), produces: 'text/csv',
    successStatus: 200, message: 'Payout batch results', idempotency: 'none', refusals: [EXPORT_BUSY],
  },
})
