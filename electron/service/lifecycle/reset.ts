import type { Environment } from '../../../shared/schemas/common'
import type { AccountRow } from '../db/rows'
import type { Unit } from '../core/unit'

/**
 * Console "reset": erases one environment of one organization's sandbox (transactions, ledger postings,
 * timelines, webhook events, deliveries and attempts, idempotency records) and restores the opening
 * balances. API keys, webhook endpoints, fee tariff, simulator settings and the other environment stay.
 * One SQLite transaction: a crash leaves either the old sandbox or the reset one.
 */
export function resetSandbox(ctx: Unit, organizationId: string, environment: Environment): { removedTransactions: number; accounts: AccountRow[] } {
  const removedTransactions = ctx.store.sandbox.purge(organizationId, environment, ctx.now)
  const accounts = ctx.store.accounts.list(organizationId, environment)
  for (const account of accounts) ctx.emit({ type: 'balance.changed', environment, accountNo: account.account_no })
  return { removedTransactions, accounts }
}
