import { ApiError } from '../../../../shared/errors'
import type { Account, Balance } from '../../../../shared/schemas/account'
import type { OperationContext } from '../types'

/**
 * The provider's accounts as the mirror last read them, when the caller's environment mirrors a provider
 * account (null otherwise): `/v1/accounts` and `/v1/balance` there answer the provider's balances, not the
 * emptied local accounts. The in-memory check comes first, so a sandbox's reads cost no extra query.
 */
export function mirroredAccounts(ctx: OperationContext): { accounts: Account[]; syncedAt: number | null } | null {
  const { organizationId, environment } = ctx.principal
  if (ctx.host.upstreamRefusal(organizationId, environment) === null) return null
  const connection = ctx.store.upstream.connection(organizationId, environment)
  if (!connection) return null
  return { accounts: connection.balances ?? [], syncedAt: connection.last_sync_at }
}

/** A mirrored account's balance (spec 2.4), as of the last sync. */
export function mirroredBalance(mirror: NonNullable<ReturnType<typeof mirroredAccounts>>, accountNo: string): Balance {
  const account = mirror.accounts.find((a) => a.accountNo === accountNo)
  if (!account) throw new ApiError('not_found', `No account ${accountNo} in the provider account as last synced.`, 'accountNo')
  return {
    account: account.type, balance: account.available, currency: account.currency, available: account.available, pending: account.pending,
    updatedAt: new Date(mirror.syncedAt ?? 0).toISOString(), accountNo: account.accountNo,
  }
}
