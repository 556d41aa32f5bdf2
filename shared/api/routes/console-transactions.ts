import { ReversalsQuerySchema, ReversalsSchema, TransactionDetailPathSchema, TransactionDetailSchema } from '../../schemas/console-transactions'
import { EvidenceBundleSchema, EvidencePathSchema } from '../../schemas/evidence'
import { defineRoutes } from '../route'

/** Console routes of the transactions area. */
export const CONSOLE_TRANSACTIONS_ROUTES = defineRoutes({
  'console.transactions.detail': {
    method: 'GET', path: '/console/transactions/{transactionId}', surface: 'console', permission: 'transactions.read', tag: 'Console',
    summary: 'One transaction with its account, counterparty, status timeline, ledger postings and linked reversal or charge',
    description: 'The environment is the console\'s current one (Paydesk-Environment header over HTTP). 404 for an unknown id.',
    params: TransactionDetailPathSchema, response: TransactionDetailSchema, successStatus: 200,
    message: 'Transaction retrieved successfully', idempotency: 'none',
  },
  'console.transactions.evidence': {
    method: 'GET', path: '/console/transactions/{transactionId}/evidence', surface: 'console', permission: 'transactions.read', tag: 'Console',
    summary: 'Evidence bundle: one JSON document with everything about a transaction, for a support ticket',
    description: 'The transaction, its timeline and ledger postings, linked transactions, every webhook event and attempt (headers and '
      + 'bodies as sent; signing secrets named by id, never included), every logged API request that named it, approvals, audit '
      + 'entries, the fee tariff and API release, and sha256: SHA-256 of JSON.stringify of the document without sha256. Over HTTP '
      + 'the answer is the document itself, as an attachment (evidence-<id>.json).',
    params: EvidencePathSchema, response: EvidenceBundleSchema, download: { filename: 'evidence-{transactionId}.json' },
    successStatus: 200, message: 'Evidence bundle retrieved successfully', idempotency: 'none',
  },
  'console.reversals.list': {
    method: 'GET', path: '/console/reversals', surface: 'console', permission: 'transactions.read', tag: 'Console',
    summary: 'The latest reversal of each charge created in a time range',
    description: 'For a list of charges (e.g. a page of GET /v1/transactions), pass the creation times of its oldest and newest row as `from` and `to` (ms since the epoch, at most 366 days apart): '
      + 'each charge of that range that has a reversal is named with the reversal\'s id, status and times. The API has no `reversed` status; the console shows it from this.',
    query: ReversalsQuerySchema, response: ReversalsSchema, successStatus: 200,
    message: 'Reversals retrieved successfully', idempotency: 'none',
  },
})
