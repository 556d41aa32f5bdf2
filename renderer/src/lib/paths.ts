/**
 * Route paths of the console, in their own module so features can link to each other without importing
 * the screen registry (which imports every feature). Build links with pathTo(PATHS.transaction, {...}).
 */
export const PATHS = {
  home: '/',
  /** Home with its float desk in view (where a low-float notification leads). */
  floatDesk: '/float-desk',
  charges: '/charges',
  payouts: '/payouts',
  payoutsBulk: '/payouts/bulk',
  payoutBatch: '/payouts/bulk/:batchId',
  bankTransfers: '/bank-transfers',
  accounts: '/accounts',
  customers: '/customers',
  transactions: '/transactions',
  transaction: '/transactions/:transactionId',
  webhooks: '/webhooks',
  requests: '/requests',
  request: '/requests/:requestId',
  settings: '/settings',
  search: '/search/:query',
  customer: '/customers/:phoneNumber',
  audit: '/audit',
  statements: '/statements',
  approvals: '/approvals',
  reconcile: '/reconcile',
  reconciliation: '/reconcile/:reconciliationId',
  providerChanges: '/provider/changes',
  /** Money sent to the provider in operate mode (where an outbox_needs_review notification leads). */
  upstreamOutbox: '/provider/outbox',
} as const
