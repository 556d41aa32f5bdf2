import { atLeast } from '../../../shared/api/api-versions'
import { ApiError } from '../../../shared/errors'
import { findOwnAccount } from './support/guards'
import { toBalance } from '../views/account'
import { mirroredAccounts, mirroredBalance } from './support/mirrored-accounts'
import type { Operation } from './types'

/**
 * GET /v1/balance: `accountNo` is required since v1.0.1 and wins over the legacy `account`. Under release
 * 1.0.0 (Paydesk-Api-Version, or a key pinned to it) the legacy `account=collections|payouts` alone still
 * answers, with the balance of that type's default account (default scope; the query schema takes only the two types).
 */
export const balanceGet: Operation<'balance.get'> = (ctx, { query }) => {
  const mirror = mirroredAccounts(ctx)
  if (mirror && query.accountNo !== undefined) return mirroredBalance(mirror, query.accountNo)
  if (query.accountNo !== undefined) return toBalance(findOwnAccount(ctx, query.accountNo, 'accountNo'))
  if (atLeast(ctx.apiVersion, '1.0.1')) {
    const legacy = query.account !== undefined ? ' The legacy account parameter is not accepted on its own since v1.0.1.' : ''
    throw new ApiError('missing_parameter', `accountNo is required.${legacy}`, 'accountNo')
  }
  if (query.account === undefined) throw new ApiError('missing_parameter', 'account (collections or payouts) or accountNo is required.', 'account')
  const kind = query.account
  const account = ctx.store.accounts
    .list(ctx.principal.organizationId, ctx.principal.environment)
    .find((row) => row.kind === kind && row.is_default === 1 && row.shortcode === null)
  if (!account) throw new ApiError('not_found', `No default ${kind} account.`, 'account')
  return toBalance(account)
}
