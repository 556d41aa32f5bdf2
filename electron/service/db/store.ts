import { createAccountsRepo } from './accounts-repo'
import { createApprovalsRepo } from './approvals-repo'
import { createApiRequestsRepo } from './api-requests-repo'
import { createAuditRepo } from './audit-repo'
import { createApiKeysRepo } from './api-keys-repo'
import { createBankCodesRepo } from './bank-codes-repo'
import { createFaultsRepo } from './faults-repo'
import type { Db } from './connection'
import { createCustomersRepo } from './customers-repo'
import { createIdempotencyRepo } from './idempotency-repo'
import { createLedgerRepo } from './ledger-repo'
import { createNotificationsRepo } from './notifications-repo'
import { createOrganizationsRepo } from './organizations-repo'
import { createReconciliationItemsRepo } from './reconciliation-items-repo'
import { createReconciliationsRepo } from './reconciliations-repo'
import { createPayoutBatchesRepo } from './payout-batches-repo'
import { createPayoutBatchProgressRepo } from './payout-batch-progress-repo'
import { createPayoutBatchRowsRepo } from './payout-batch-rows-repo'
import { createSandboxRepo } from './sandbox-repo'
import { createSearchRepo } from './search-repo'
import { createSettingsRepo } from './settings-repo'
import { createStatementRepo } from './statement-repo'
import { createMissingInvoicesRepo } from './missing-invoices-repo'
import { createTransactionsRepo } from './transactions-repo'
import { createSessionsRepo, createUsersRepo } from './users-repo'
import { createWebhooksRepo } from './webhooks-repo'
import { createUpstreamOutboxRepo } from './upstream-outbox-repo'
import { createUpstreamRepo } from './upstream-repo'
import { createTableWatch } from './cache/table-watch'

/** Every repository over one connection; the rest of the engine reaches SQLite only through this. */
export function createStore(db: Db) {
  // One wrapper for the connection's lifetime: db.transaction(fn) builds four wrapper functions each call,
  // which was a tenth of a cheap request's CPU. The wrapper itself picks BEGIN or a savepoint per call.
  const inTransaction = db.transaction((work: () => unknown) => work())
  const apiRequests = createApiRequestsRepo(db)
  // The request log is written at every batch; its rows never move a cached list page (db/page-cache.ts).
  const transactions = createTransactionsRepo(db, apiRequests.rowsChanged)
  // Remembered reads of rarely changing tables (db/table-watch.ts); repositories that use it say so.
  const watch = createTableWatch(db)
  return {
    db,
    /** Runs `work` in one SQLite transaction (a savepoint when nested). Never pass async work. */
    transaction<T>(work: () => T): T {
      const logVersion = apiRequests.version()
      try {
        // Another connection's commits are looked for inside the transaction, as its first read: the answer
        // then describes the snapshot the transaction reads (not the moment before BEGIN), and the look
        // shares the transaction's WAL read lock instead of taking one of its own (a one-read transaction:
        // 9.7 -> 5.9 us in process).
        if (!db.inTransaction) {
          return inTransaction(() => {
            if (watch.beginning()) apiRequests.forgetTallies()
            return work()
          }) as T
        }
        return inTransaction(work) as T
      } catch (error) {
        // Rolled back: cached list pages and remembered reads may hold rows that are gone (db/page-cache.ts).
        transactions.forgetPages()
        watch.rolledBack()
        // The request log's tallies count rows only if this rollback took none of them back.
        if (apiRequests.version() !== logVersion) apiRequests.forgetTallies()
        throw error
      }
    },
    settings: createSettingsRepo(db, watch),
    organizations: createOrganizationsRepo(db, watch),
    apiKeys: createApiKeysRepo(db, watch),
    accounts: createAccountsRepo(db, watch),
    transactions,
    ledger: createLedgerRepo(db),
    idempotency: createIdempotencyRepo(db),
    bankCodes: createBankCodesRepo(db),
    webhooks: createWebhooksRepo(db, watch),
    sandbox: createSandboxRepo(db),
    customers: createCustomersRepo(db, watch),
    apiRequests,
    search: createSearchRepo(db),
    audit: createAuditRepo(db),
    statements: createStatementRepo(db),
    missingInvoices: createMissingInvoicesRepo(db),
    faults: createFaultsRepo(db, watch),
    upstream: createUpstreamRepo(db),
    users: createUsersRepo(db),
    sessions: createSessionsRepo(db),
    approvals: createApprovalsRepo(db),
    reconciliations: createReconciliationsRepo(db),
    reconciliationItems: createReconciliationItemsRepo(db),
    notifications: createNotificationsRepo(db, watch),
    payoutBatches: createPayoutBatchesRepo(db),
    payoutBatchRows: createPayoutBatchRowsRepo(db),
    payoutBatchProgress: createPayoutBatchProgressRepo(db),
    upstreamOutbox: createUpstreamOutboxRepo(db),
  }
}
export type Store = ReturnType<typeof createStore>
