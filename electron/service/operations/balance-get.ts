import { ApiError } from '../../../shared/errors'
import { findOwnAccount } from './support/guards'
import { toBalance } from './support/views'
import type { Operation } from './types'

/** GET /v1/balance: `accountNo` is required since v1.0.1 and wins over the legacy `account`. */
export const balanceGet: Operation<'balance.get'> = (ctx, { query }) => {
  if (query.accountNo === undefined) {
    const legacy = query.account !== undefined ? ' The legacy account parameter is not accepted on its own since v1.0.1.' : ''
    throw new ApiError('missing_parameter', `accountNo is required.${legacy}`, 'accountNo')
  }
  return toBalance(findOwnAccount(ctx, query.accountNo, 'accountNo'))
}
