import type { ComponentType } from 'react'
import type { Permission } from '../../../shared/team/permissions'
import { AccountsScreen } from '../features/accounts/accounts-screen'
import { ApprovalsScreen } from '../features/approvals/approvals-screen'
import { AuditScreen } from '../features/audit/audit-screen'
import { BankTransferScreen } from '../features/bank-transfers/bank-transfer-screen'
import { ChargesScreen } from '../features/charges/charges-screen'
import { CustomersScreen } from '../features/customers/customers-screen'
import { HomeScreen } from '../features/home/home-screen'
import { PayoutsScreen } from '../features/payouts/payouts-screen'
import { ReconcileScreen } from '../features/reconcile/reconcile-screen'
import { ReconciliationScreen } from '../features/reconcile/reconciliation-screen'
import { BulkPayoutsScreen } from '../features/payouts/bulk/bulk-payouts-screen'
import { PayoutBatchScreen } from '../features/payouts/bulk/payout-batch-screen'
import { RequestDetailScreen } from '../features/requests/request-detail-screen'
import { RequestsScreen } from '../features/requests/requests-screen'
import { CustomerScreen } from '../features/customers/customer-screen'
import { SearchScreen } from '../features/search/search-screen'
import { SettingsScreen } from '../features/settings/settings-screen'
import { StatementsScreen } from '../features/statements/statements-screen'
import { TransactionDetailScreen } from '../features/transactions/transaction-detail-screen'
import { TransactionsScreen } from '../features/transactions/transactions-screen'
import { WebhooksScreen } from '../features/webhooks/webhooks-screen'
import { ProviderChangesScreen } from '../features/upstream/changes-screen'
import { OutboxScreen } from '../features/upstream/outbox-screen'
import { PATHS } from '../lib/paths'
import type { ScreenProps } from '../lib/screen-props'

export type { ScreenProps } from '../lib/screen-props'

export interface ScreenDef {
  /** Hash path pattern, e.g. `/transactions/:transactionId`. */
  path: string
  /** Document title (and the sidebar label unless `nav` says otherwise). */
  title: string
  /** Sidebar group; screens without one (detail screens) are reached by links. */
  section?: NavSection
  /** For a screen outside the sidebar: the sidebar entry it belongs to (marked as where you are). */
  parent?: string
  component: ComponentType<ScreenProps>
  /** The sidebar hides the screen from a role without this permission (the server refuses its calls anyway). */
  permission?: Permission
  /** What the screen does, for a role without its permission: "Your role (support) cannot send payouts". */
  doing?: string
  /** The sidebar lists it only then: `outbox` = the environment sends to a provider account, or its outbox has rows. */
  onlyWhen?: 'outbox'
}

export type NavSection = 'Overview' | 'Move money' | 'Records' | 'Developers'
export const NAV_SECTIONS: readonly NavSection[] = ['Overview', 'Move money', 'Records', 'Developers']

/**
 * Every screen of the console. To add one: write `features/<area>/<name>-screen.tsx` (start with
 * <PageHeader/>, read data with the hooks in api/hooks), add its path to PATHS (paths.ts) and a line
 * here. Order = sidebar order.
 */
export const SCREENS: readonly ScreenDef[] = [
  { path: PATHS.home, title: 'Home', section: 'Overview', component: HomeScreen },
  { path: PATHS.floatDesk, title: 'Home', parent: PATHS.home, component: HomeScreen },
  { path: PATHS.charges, title: 'Charges', section: 'Move money', component: ChargesScreen, permission: 'payments.create', doing: 'ask customers to pay (charges)' },
  { path: PATHS.payouts, title: 'Payouts', section: 'Move money', component: PayoutsScreen, permission: 'payments.create', doing: 'send payouts' },
  { path: PATHS.payoutsBulk, title: 'Bulk payouts', component: BulkPayoutsScreen },
  { path: PATHS.payoutBatch, title: 'Payout batch', component: PayoutBatchScreen },
  { path: PATHS.bankTransfers, title: 'Bank transfers', section: 'Move money', component: BankTransferScreen, permission: 'payments.create', doing: 'make bank transfers' },
  { path: PATHS.approvals, title: 'Approvals', section: 'Move money', component: ApprovalsScreen },
  { path: PATHS.upstreamOutbox, title: 'Outbox', section: 'Move money', component: OutboxScreen, onlyWhen: 'outbox' },
  { path: PATHS.accounts, title: 'Accounts', section: 'Records', component: AccountsScreen },
  { path: PATHS.transactions, title: 'Transactions', section: 'Records', component: TransactionsScreen },
  { path: PATHS.transaction, title: 'Transaction', parent: PATHS.transactions, component: TransactionDetailScreen },
  { path: PATHS.statements, title: 'Statements', section: 'Records', component: StatementsScreen },
  { path: PATHS.reconcile, title: 'Reconcile', section: 'Records', component: ReconcileScreen },
  { path: PATHS.reconciliation, title: 'Reconciliation', component: ReconciliationScreen },
  { path: PATHS.providerChanges, title: 'Provider changes', section: 'Records', component: ProviderChangesScreen },
  { path: PATHS.audit, title: 'Audit log', section: 'Records', component: AuditScreen, permission: 'audit.read', doing: 'read the audit log' },
  { path: PATHS.search, title: 'Search results', component: SearchScreen },
  // A real payer's history (support desk), not the simulator's customers: it belongs with the transactions.
  { path: PATHS.customer, title: 'Customer', parent: PATHS.transactions, component: CustomerScreen },
  { path: PATHS.webhooks, title: 'Webhooks', section: 'Developers', component: WebhooksScreen },
  { path: PATHS.requests, title: 'Requests', section: 'Developers', component: RequestsScreen, permission: 'requests.read', doing: 'read the API request log' },
  { path: PATHS.request, title: 'Request', parent: PATHS.requests, component: RequestDetailScreen, permission: 'requests.read', doing: 'read the API request log' },
  // The simulator's pretend M-PESA customers (wallets, limits), a developer's tool.
  { path: PATHS.customers, title: 'Simulated customers', section: 'Developers', component: CustomersScreen },
  { path: PATHS.settings, title: 'Settings', section: 'Developers', component: SettingsScreen },
]
