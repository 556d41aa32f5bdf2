import { mirroredAccounts } from './support/mirrored-accounts'
import { toAccount } from '../views/account'
import type { Operation } from './types'

/** GET /v1/accounts: non-system accounts; `type` and `scope` (v1.0.2) combine. */
export const accountsList: Operation<'accounts.list'> = (ctx, { query }) => {
  const mirror = mirroredAccounts(ctx)
  if (mirror) {
    const items = mirror.accounts.filter((a) => (query.type === undefined || a.type === query.type)
      && (query.scope !== 'default' || a.shortcodeId === null) && (query.scope !== 'shortcode' || a.shortcodeId !== null))
    return { items }
  }
  const rows = ctx.store.accounts.list(ctx.principal.organizationId, ctx.principal.environment).filter((row) => {
    if (query.type !== undefined && row.kind !== query.type) return false
    if (query.scope === 'default' && row.shortcode !== null) return false
    if (query.scope === 'shortcode' && row.shortcode === null) return false
    return true
  })
  return { items: rows.map(toAccount) }
}
