/**
 * The OpenAPI document's tags, each with what it groups. A route names one (`RouteSpec.tag`), so a new area
 * adds its tag here and the document defines every tag its operations use.
 */
export const API_TAGS = {
  Collections: 'Mobile-money charges (push prompts to the customer) and their reversals.',
  Payouts: 'B2C and B2B disbursements from the payouts float.',
  'Bank transfers': 'Local bank transfers over INSTANTBANK, and the bank codes they name.',
  Accounts: 'Collections and payouts accounts and their balances.',
  Transactions: 'Transaction lists and lookups, in the main and the alternative shape.',
  Console: 'The console itself: API keys and their releases, organizations, host settings, transaction detail and live events. Console credential only.',
  Simulator: 'The simulator: mode, pause and clock, settlement, push prompts, simulated customers, funds and the fee tariff. Console credential only.',
  Webhooks: 'The webhook log, resends, the default endpoint (its URL, chosen events and signing secret) and test events. Console credential only.',
  Developers: 'The API request log and the developer settings. Console credential only.',
  Support: 'The support desk: search, the customer view, the audit log, statements and the settlement report. Console credential only.',
  'Fault lab': 'Webhook and API faults, and the receiver doctor. Console credential only.',
  Sandboxes: 'One sandbox (organization) per parallel test worker. Console credential only.',
  Snapshots: 'Save the whole sandbox state and put it back. Console credential only.',
  Notifications: 'The notification bell and its rules, and the float desk on Home. Console credential only.',
  Reconciliation: "The reconciliation workbench: the merchant's own file (orders, bank or M-Pesa statement) against Paydesk's charges. Console credential only.",
  'Bulk payouts': 'Payout batches: a CSV of many payouts, each recipient\'s name checked, submitted, paced and retried; its results file. Console credential only.',
  Provider: "The connection to the merchant's real provider account: its mirror's freshness, syncs, the changes feed and the diff (docs/upstream.md). Console credential only.",
  Team: 'Users and roles, sign-in sessions, the approval policy and the approvals inbox (docs/security.md).',
} as const

export type ApiTag = keyof typeof API_TAGS
