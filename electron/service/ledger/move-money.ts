import type { TransactionRow } from '../db/rows'
import type { Posting } from './postings'
import type { Unit } from '../core/unit'
import { enqueueWebhookEvent } from '../outbox/outbox'
import { toBalance } from '../views/account'

/** How a movement that mirrors a provider account is told (upstream/mirror.ts): the provider tells the merchant's systems itself. */
export interface MoveOptions {
  /** false: no balance.updated webhook. */
  webhooks?: boolean
  /** false: no balance.changed push event either (history the mirror found, which raises no notification). */
  news?: boolean
}

/**
 * The only way money moves: writes the postings of one transaction, then tells the console (push event)
 * and the organization's default webhook endpoint (balance.updated) about every merchant account whose
 * balance changed, in the unit's transaction and at its now.
 */
export function moveMoney(unit: Unit, row: TransactionRow, postings: readonly Posting[], options: MoveOptions = {}): void {
  const { store, now } = unit
  store.ledger.post(row, postings, now)
  const touched = new Set(postings.map((p) => p.accountId))
  for (const accountId of touched) {
    // What the account is does not change with postings (remembered); its balances are read only for the event.
    const account = store.accounts.identity(accountId)!
    if (account.kind === 'external' || account.kind === 'fees') continue
    if (options.news !== false) unit.emit({ type: 'balance.changed', environment: account.environment, accountNo: account.account_no })
    if (options.webhooks !== false && store.webhooks.endpoint(account.organization_id, account.environment)?.default_url) {
      enqueueWebhookEvent(unit, {
        organizationId: account.organization_id, environment: account.environment, type: 'balance.updated',
        transaction: null, data: toBalance(store.accounts.get(accountId)!), toRequestUrl: false,
      })
    }
  }
}
