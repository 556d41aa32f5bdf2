import { accountNameValidation } from './account-name-validation'
import { accountsList } from './accounts-list'
import { balanceGet } from './balance-get'
import { bankCodesList } from './bank-codes-list'
import { bankTransfer } from './bank-transfer'
import { CONSOLE_CORE_OPERATIONS } from './console-core'
import { CONSOLE_TEAM_SETUP_OPERATIONS } from './console-team-setup'
import { CONSOLE_CUSTOMERS_OPERATIONS } from './console-customers'
import { CONSOLE_EVENTS_OPERATIONS } from './console-events'
import { CONSOLE_FAULTS_OPERATIONS } from './console-faults'
import { CONSOLE_HOST_OPERATIONS } from './console-host'
import { CONSOLE_UPSTREAM_OPERATIONS } from './console-upstream'
import { CONSOLE_UPSTREAM_OUTBOX_OPERATIONS } from './console-upstream-outbox'
import { CONSOLE_NOTIFICATIONS_OPERATIONS } from './console-notifications'
import { CONSOLE_RECONCILIATIONS_OPERATIONS } from './console-reconciliations'
import { CONSOLE_REQUESTS_OPERATIONS } from './console-requests'
import { CONSOLE_SANDBOXES_OPERATIONS } from './console-sandboxes'
import { CONSOLE_API_VERSIONS_OPERATIONS } from './console-api-versions'
import { CONSOLE_SNAPSHOTS_OPERATIONS } from './console-snapshots'
import { CONSOLE_PAYOUT_BATCHES_OPERATIONS } from './console-payout-batches'
import { CONSOLE_SIMULATOR_OPERATIONS } from './console-simulator'
import { CONSOLE_SUPPORT_OPERATIONS } from './console-support'
import { CONSOLE_STATEMENT_FILE_OPERATIONS } from './console-statement-files'
import { CONSOLE_MISSING_INVOICES_OPERATIONS } from './console-missing-invoices'
import { CONSOLE_TEAM_APPROVAL_OPERATIONS } from './console-team-approvals'
import { CONSOLE_TEAM_USER_OPERATIONS } from './console-team-users'
import { CONSOLE_TRANSACTIONS_OPERATIONS } from './console-transactions'
import { CONSOLE_EVIDENCE_OPERATIONS } from './console-evidence'
import { CONSOLE_WEBHOOKS_OPERATIONS } from './console-webhooks'
import { mobileB2b } from './mobile-b2b'
import { mobileB2c } from './mobile-b2c'
import { mobileCharge } from './mobile-charge'
import { mobileReverse } from './mobile-reverse'
import { transactionsGet, transactionsGetById } from './transactions-get'
import { transactionsList } from './transactions-list'
import type { OperationTable } from './types'

/** Route id -> operation. Feature areas export a partial table and spread it here. */
export const OPERATIONS: OperationTable = {
  'mobile.charge': mobileCharge,
  'mobile.b2c': mobileB2c,
  'mobile.b2b': mobileB2b,
  'mobile.reverse': mobileReverse,
  'bank.transfer': bankTransfer,
  'accounts.list': accountsList,
  'balance.get': balanceGet,
  'bankCodes.list': bankCodesList,
  'accountName.validate': accountNameValidation,
  'transactions.list': transactionsList,
  'transactions.get': transactionsGet,
  'transactions.getById': transactionsGetById,
  ...CONSOLE_CORE_OPERATIONS,
  ...CONSOLE_TEAM_SETUP_OPERATIONS,
  ...CONSOLE_EVENTS_OPERATIONS,
  ...CONSOLE_SIMULATOR_OPERATIONS,
  ...CONSOLE_WEBHOOKS_OPERATIONS,
  ...CONSOLE_TRANSACTIONS_OPERATIONS,
  ...CONSOLE_EVIDENCE_OPERATIONS,
  ...CONSOLE_HOST_OPERATIONS,
  ...CONSOLE_UPSTREAM_OPERATIONS,
  ...CONSOLE_UPSTREAM_OUTBOX_OPERATIONS,
  ...CONSOLE_CUSTOMERS_OPERATIONS,
  ...CONSOLE_REQUESTS_OPERATIONS,
  ...CONSOLE_SUPPORT_OPERATIONS,
  ...CONSOLE_STATEMENT_FILE_OPERATIONS,
  ...CONSOLE_MISSING_INVOICES_OPERATIONS,
  ...CONSOLE_FAULTS_OPERATIONS,
  ...CONSOLE_SANDBOXES_OPERATIONS,
  ...CONSOLE_API_VERSIONS_OPERATIONS,
  ...CONSOLE_SNAPSHOTS_OPERATIONS,
  ...CONSOLE_TEAM_USER_OPERATIONS,
  ...CONSOLE_TEAM_APPROVAL_OPERATIONS,
  ...CONSOLE_RECONCILIATIONS_OPERATIONS,
  ...CONSOLE_NOTIFICATIONS_OPERATIONS,
  ...CONSOLE_PAYOUT_BATCHES_OPERATIONS,
}
