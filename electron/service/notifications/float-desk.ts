import type { Account } from '../../../shared/schemas/account'
import type { FloatDesk } from '../../../shared/schemas/float-desk'
import type { Store } from '../db/store'
import type { Principal } from '../core/principal'

/** The provider's accounts as the mirror last read them (operations/support/mirrored-accounts.ts). */
export interface ProviderBalances {
  accounts: readonly Account[]
  syncedAt: number | null
}

interface FloatFigures {
  accountNo: string
  name: string
  currency: string
  available: number
  pending: number
}

/**
 * The float desk: each payouts account's available float against what it must cover (the rows its
 * scheduled and running bulk payouts have still to send, plus its low-float threshold; what accepted
 * payouts need is already held in `pending`), and what a sweep from the default collections account's
 * settled funds could add. Balances as the ledger keeps them; on an environment connected to a provider
 * account (`provider` given), the provider's balances as last read, and nothing to sweep (the sweep is the
 * sandbox's: the provider's float is topped up at the provider).
 */
export function floatDesk(store: Store, scope: Pick<Principal, 'organizationId' | 'environment'>, provider: ProviderBalances | null = null): FloatDesk {
  const accounts = store.accounts.list(scope.organizationId, scope.environment)
  const thresholds = new Map(store.notifications.rules(scope.organizationId, scope.environment).lowFloat.map((rule) => [rule.accountNo, rule.below]))
  const queuedById = store.payoutBatchProgress.queuedByAccount(scope.organizationId, scope.environment)
  const batches = new Map(accounts.map((account) => [account.account_no, queuedById.get(account.id) ?? 0]))
  const local = accounts.find((account) => account.kind === 'collections' && account.is_default === 1 && account.shortcode === null)
    ?? accounts.find((account) => account.kind === 'collections')
  const upstream = provider ? (provider.accounts.find((a) => a.type === 'collections' && a.default) ?? provider.accounts.find((a) => a.type === 'collections')) : undefined
  const collections = provider
    ? upstream && { accountNo: upstream.accountNo, name: upstream.name, available: upstream.available }
    : local && { accountNo: local.account_no, name: local.name, available: local.available }
  const movable = provider ? 0 : (collections?.available ?? 0)
  const payouts: FloatFigures[] = provider
    ? provider.accounts.filter((a) => a.type === 'payouts')
    : accounts.filter((a) => a.kind === 'payouts').map((a) => ({ accountNo: a.account_no, name: a.name, currency: a.currency, available: a.available, pending: a.pending }))
  return {
    source: provider ? 'provider' : 'ledger',
    readAt: provider ? provider.syncedAt : null,
    accounts: payouts.map((account) => {
      const threshold = thresholds.get(account.accountNo) ?? null
      const scheduledBatches = batches.get(account.accountNo) ?? 0
      const needed = scheduledBatches + (threshold ?? 0)
      const shortfall = Math.max(0, needed - account.available)
      return {
        accountNo: account.accountNo, name: account.name, currency: account.currency, available: account.available,
        pendingPayouts: account.pending, scheduledBatches, threshold, needed, shortfall, suggestedMove: Math.min(shortfall, movable),
      }
    }),
    collections: collections ?? null,
  }
}
