import type { FloatDesk } from '../../../shared/schemas/float-desk'
import type { Store } from '../db/store'
import type { Principal } from '../core/principal'

/**
 * The float desk: each payouts account's available float against what it must cover (the rows its
 * scheduled and running bulk payouts have still to send, plus its low-float threshold; what accepted
 * payouts need is already held in `pending`), and what a sweep from the default collections account's
 * settled funds could add. Balances as the ledger keeps them.
 */
export function floatDesk(store: Store, scope: Pick<Principal, 'organizationId' | 'environment'>): FloatDesk {
  const accounts = store.accounts.list(scope.organizationId, scope.environment)
  const thresholds = new Map(store.notifications.rules(scope.organizationId, scope.environment).lowFloat.map((rule) => [rule.accountNo, rule.below]))
  const collections = accounts.find((account) => account.kind === 'collections' && account.is_default === 1 && account.shortcode === null)
    ?? accounts.find((account) => account.kind === 'collections')
  const movable = collections?.available ?? 0
  const batches = store.payoutBatchProgress.queuedByAccount(scope.organizationId, scope.environment)
  return {
    accounts: accounts.filter((account) => account.kind === 'payouts').map((account) => {
      const threshold = thresholds.get(account.account_no) ?? null
      const scheduledBatches = batches.get(account.id) ?? 0
      const needed = scheduledBatches + (threshold ?? 0)
      const shortfall = Math.max(0, needed - account.available)
      return {
        accountNo: account.account_no, name: account.name, currency: account.currency, available: account.available,
        pendingPayouts: account.pending, scheduledBatches, threshold, needed, shortfall, suggestedMove: Math.min(shortfall, movable),
      }
    }),
    collections: collections ? { accountNo: collections.account_no, name: collections.name, available: collections.available } : null,
  }
}
