import type { PushEvent } from '../../../shared/api/push-events'
import { formatMinor } from '../../../shared/money'
import type { Unit } from '../core/unit'
import { raise } from './raise'

type BalanceChanged = Extract<PushEvent, { type: 'balance.changed' }>

/**
 * The float the rule judges: the account's own, or on an environment that mirrors a provider account the
 * provider's balance of that account as the mirror last read it (null before a read has it: nothing to judge;
 * the local ledger there is not the account's money).
 */
function floatFigure(store: Unit['store'], account: Judged): { available: number; atProvider: boolean } | null {
  const connection = store.upstream.connection(account.organization_id, account.environment)
  if (!connection) return { available: account.available, atProvider: false }
  const mirrored = (connection.balances ?? []).find((item) => item.accountNo === account.account_no)
  return mirrored ? { available: mirrored.available, atProvider: true } : null
}

type Judged = { organization_id: string; environment: 'test' | 'live'; account_no: string; available: number; name: string }

/**
 * The account an event names: a local one, or on an environment that mirrors a provider account, one of the
 * provider's accounts by the provider's own number (what the console lists there, and what a rule names).
 */
function accountNamed(store: Unit['store'], event: BalanceChanged): Judged | null {
  const local = store.accounts.getByNo(event.accountNo)
  if (local) return local.environment === event.environment ? local : null
  for (const connection of store.upstream.all()) {
    if (connection.environment !== event.environment) continue
    const item = (connection.balances ?? []).find((entry) => entry.accountNo === event.accountNo)
    if (!item) continue
    const name = item.name !== '' ? item.name : `Provider account ${event.accountNo}`
    // `available` is never read for a provider's account: floatFigure takes it from the balances as read.
    return { organization_id: connection.organization_id, environment: connection.environment, account_no: event.accountNo, available: 0, name }
  }
  return null
}

/**
 * A movement that left an account's available float below its threshold: low_float, once per crossing. The
 * mark `float:<accountNo>` counts the crossings and says whether the account is below now; only a movement
 * that finds it back at or above the threshold lets the next crossing raise again. Reads the balance as
 * committed (the notifier runs after the COMMIT), so a notification never describes a movement that was
 * rolled back. On an environment connected to a provider account the figure is the provider's balance as last
 * read (each read that moves it announces balance.changed, upstream/sync.ts), never the local ledger's.
 */
export function lowFloat(unit: Unit, event: BalanceChanged): void {
  const { store } = unit
  if (!store.notifications.watchedAccounts(event.environment).has(event.accountNo)) return
  const account = accountNamed(store, event)
  if (!account) return
  const { organization_id: organizationId, environment } = account
  const rule = store.notifications.rules(organizationId, environment).lowFloat.find((entry) => entry.accountNo === event.accountNo)
  if (!rule) return
  const mark = `float:${account.account_no}`
  const state = store.notifications.mark(organizationId, environment, mark)
  const figure = floatFigure(store, account)
  if (figure === null) return
  const isBelow = figure.available < rule.below
  if (!isBelow) {
    if (state?.note === 'below') store.notifications.setMark(organizationId, environment, mark, state.value, 'above')
    return
  }
  if (state?.note === 'below') return
  const crossing = (state?.value ?? 0) + 1
  store.notifications.setMark(organizationId, environment, mark, crossing, 'below')
  raise(unit, {
    organizationId, environment, kind: 'low_float', source: `${account.account_no}#${crossing}`,
    title: `Low float: ${account.name}`,
    body: `Available ${formatMinor(figure.available, 'KES')}${figure.atProvider ? ' at the provider' : ''} is below your threshold of ${formatMinor(rule.below, 'KES')} (account ${account.account_no}).`,
    link: '/float-desk',
  })
}
