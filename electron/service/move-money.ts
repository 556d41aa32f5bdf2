import type { PushEvent } from '../../shared/api/push-events'
import type { TransactionRow } from './db/rows'
import type { Store } from './db/store'
import type { Posting } from './domain/ledger'
import type { Ids } from './ids'
import { enqueueWebhookEvent } from './webhooks/outbox'
import { toBalance } from './operations/support/views'

/**
 * The only way money moves: writes the postings of one transaction, then tells the console (push event)
 * and the organization's default webhook endpoint (balance.updated) about every merchant account whose
 * balance changed. Call inside the SQLite transaction of the state change.
 */
export function moveMoney(store: Store, ids: Ids, emit: (event: PushEvent) => void, row: TransactionRow, postings: readonly Posting[], now: number): void {
  store.ledger.post(row.id, postings, now)
  const touched = new Set(postings.map((p) => p.accountId))
  for (const accountId of touched) {
    const account = store.accounts.get(accountId)!
    if (account.kind === 'external' || account.kind === 'fees') continue
    emit({ type: 'balance.changed', environment: account.environment, accountNo: account.account_no })
    if (store.webhooks.endpoint(account.organization_id, account.environment)?.default_url) {
      enqueueWebhookEvent(store, ids, now, {
        organizationId: account.organization_id, environment: account.environment, type: 'balance.updated',
        transaction: null, data: toBalance(account), toRequestUrl: false,
      })
    }
  }
}
