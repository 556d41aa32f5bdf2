import {
  DoctorQuerySchema, DoctorStateSchema, FaultStateSchema, RunDoctorRequestSchema, SetApiFaultsRequestSchema, SetWebhookFaultsRequestSchema,
} from '../../schemas/faults'
import { defineRoutes } from '../route'

/** Console routes of the fault lab: webhook and API faults of the current environment, and the receiver doctor. */
export const CONSOLE_FAULTS_ROUTES = defineRoutes({
  'console.faults.get': {
    method: 'GET', path: '/console/faults', surface: 'console', permission: 'faults.manage', tag: 'Fault lab',
    summary: 'The faults switched on in the current environment (webhook faults per URL, API faults per scope)',
    description: 'Each webhook fault rule with its endpoint URL, and each API fault rule with its scope (one public route, or every money route).',
    response: FaultStateSchema, successStatus: 200, message: 'Faults retrieved successfully', idempotency: 'none',
  },
  'console.faults.webhooks.set': {
    method: 'PUT', path: '/console/faults/webhooks', surface: 'console', permission: 'faults.manage', tag: 'Fault lab',
    summary: 'Set the webhook faults of one endpoint URL (replaces its rule; faults with nothing on clear it)',
    description: 'duplicate, reorder, delay (fixed or random, at most 10 minutes), drop (first N attempts), tamper, stale, wrongSecret.',
    body: SetWebhookFaultsRequestSchema, response: FaultStateSchema, successStatus: 200, message: 'Webhook faults saved', idempotency: 'none',
  },
  'console.faults.api.set': {
    method: 'PUT', path: '/console/faults/api', surface: 'console', permission: 'faults.manage', tag: 'Fault lab',
    summary: 'Set the API faults of one public route, or of every money route (scope "money"); nothing on clears them',
    description: 'latency (fixed or random), errorRate (500 or 503 without side effects), outage (503 + Retry-After between two simulated-clock times), commitThenDrop, commitThenError (the request commits, then the answer is a 500 or 502), lookupLag (GET /v1/transaction answers 404 until a transaction is that old; on scope transactions.get or money).',
    body: SetApiFaultsRequestSchema, response: FaultStateSchema, successStatus: 200, message: 'API faults saved', idempotency: 'none',
  },
  'console.faults.clear': {
    method: 'POST', path: '/console/faults/clear', surface: 'console', permission: 'faults.manage', tag: 'Fault lab',
    summary: 'Switch every fault of the current environment off',
    description: 'Every webhook and API fault rule of the current environment is removed.',
    response: FaultStateSchema, successStatus: 200, message: 'Faults cleared', idempotency: 'none',
  },
  'console.webhooks.doctor.run': {
    method: 'POST', path: '/console/webhooks/doctor', surface: 'console', permission: 'webhooks.manage', tag: 'Fault lab',
    summary: 'Check my endpoint: run the receiver doctor against the default endpoint (or url) with the environment\'s secret',
    description: 'Answers at once with running: true; GET /console/webhooks/doctor shows the report when it is done. Doctor events carry data.paydeskDoctor: true and touch no transaction or balance.',
    body: RunDoctorRequestSchema, response: DoctorStateSchema, successStatus: 202, message: 'Receiver check started', idempotency: 'none',
  },
  'console.webhooks.doctor.get': {
    method: 'GET', path: '/console/webhooks/doctor', surface: 'console', permission: 'webhooks.manage', tag: 'Fault lab',
    summary: 'The last receiver doctor report of the default endpoint (or url), and whether a check is running',
    description: 'The report grades each check of the receiver with what it answered; running is true while a check is in progress.',
    query: DoctorQuerySchema, response: DoctorStateSchema, successStatus: 200, message: 'Receiver check retrieved', idempotency: 'none',
  },
})
