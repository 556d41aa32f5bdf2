/**
 * Route paths of the console, in their own module so features can link to each other without importing
 * the screen registry (which imports every feature). Build links with pathTo(PATHS.transaction, {...}).
 */
export const PATHS = {
  home: '/',
  charges: '/charges',
  payouts: '/payouts',
  bankTransfers: '/bank-transfers',
  accounts: '/accounts',
  transactions: '/transactions',
  transaction: '/transactions/:transactionId',
  webhooks: '/webhooks',
  settings: '/settings',
  search: '/search/:query',
  customer: '/customers/:phoneNumber',
  audit: '/audit',
  statements: '/statements',
} as const
