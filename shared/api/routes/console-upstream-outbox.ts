import { OutboxCloseRequestSchema, OutboxDetailSchema, OutboxListQuerySchema, OutboxListSchema, OutboxPathSchema, OutboxRowSchema } from '../../schemas/upstream-outbox'
import { defineRoutes } from '../route'

/** Console routes of the outbox: money sent to the provider in operate mode (docs/upstream.md "Sending money"). */
export const CONSOLE_UPSTREAM_OUTBOX_ROUTES = defineRoutes({
  'console.upstream.outbox.list': {
    method: 'GET', path: '/console/upstream/outbox', surface: 'console', permission: 'transactions.read', tag: 'Provider',
    summary: 'Requests sent (or to be sent) to the provider, needs_review and unknown first',
    description: 'Each outbox row of the current environment with its state, attempts, the provider\'s last error and transaction id; state filters; counts per state.',
    query: OutboxListQuerySchema, response: OutboxListSchema, successStatus: 200, message: 'Outbox retrieved successfully', idempotency: 'none',
  },
  'console.upstream.outbox.get': {
    method: 'GET', path: '/console/upstream/outbox/{id}', surface: 'console', permission: 'transactions.read', tag: 'Provider',
    summary: 'One outbox row with every attempt: what was sent and what the provider answered',
    description: '404 when the row is not of this environment.',
    params: OutboxPathSchema, response: OutboxDetailSchema, successStatus: 200, message: 'Outbox row retrieved successfully', idempotency: 'none',
  },
  'console.upstream.outbox.resolve': {
    method: 'POST', path: '/console/upstream/outbox/{id}/resolve', surface: 'console', permission: 'payments.create', tag: 'Provider',
    summary: 'Look the row\'s reference up at the provider now (an unknown or needs_review row)',
    description: 'The row becomes unknown, due at once: the sender looks its merchantTransactionId up (found: accepted; not found: the same body again under the same key). 409 for a row that is queued, sent or final.',
    params: OutboxPathSchema, response: OutboxRowSchema, successStatus: 200, message: 'Look-up scheduled', idempotency: 'none',
  },
  'console.upstream.outbox.close': {
    method: 'POST', path: '/console/upstream/outbox/{id}/close', surface: 'console', permission: 'approvals.decide', tag: 'Provider',
    summary: 'Close an unknown or needs_review row by hand, with a note (approver or owner; audited)',
    description: 'For a row the operator settled with the provider directly: nothing more is sent or looked up. 409 for a row that is not unknown or needs_review.',
    params: OutboxPathSchema, body: OutboxCloseRequestSchema, response: OutboxRowSchema, successStatus: 200, message: 'Outbox row closed', idempotency: 'none',
  },
})
