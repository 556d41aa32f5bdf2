import { ApiError } from '../../../shared/errors'
import type { NotificationRules } from '../../../shared/schemas/notifications'
import type { Unit } from '../core/unit'
import type { Principal } from '../core/principal'

/**
 * Whether a threshold can name this account: a collections or payouts account of the scope, or on an
 * environment that mirrors a provider account, one of the provider's (by its own number, as the console lists
 * them there; the rule judges the provider's balance, notifications/float-rule.ts).
 */
function judgedAccount(unit: Unit, scope: Pick<Principal, 'organizationId' | 'environment'>, accountNo: string): boolean {
  const connection = unit.store.upstream.connection(scope.organizationId, scope.environment)
  if (connection) {
    return (connection.balances ?? []).some((account) => account.accountNo === accountNo && (account.type === 'collections' || account.type === 'payouts'))
  }
  const account = unit.store.accounts.getByNo(accountNo)
  const ours = account && account.organization_id === scope.organizationId && account.environment === scope.environment
  return Boolean(ours && (account.kind === 'collections' || account.kind === 'payouts'))
}

/**
 * Replaces the rules of the scope. A low-float threshold must name a collections or payouts account of the
 * scope (judgedAccount), at most once. Thresholds that change apply from the next movement: an account already below a new
 * threshold raises when a movement leaves it below, as for a first crossing.
 */
export function saveRules(unit: Unit, scope: Pick<Principal, 'organizationId' | 'environment'>, rules: NotificationRules): NotificationRules {
  const seen = new Set<string>()
  rules.lowFloat.forEach((entry, i) => {
    if (!judgedAccount(unit, scope, entry.accountNo)) {
      throw new ApiError('invalid_parameter', `No collections or payouts account ${entry.accountNo} in the ${scope.environment} environment.`, `lowFloat.${i}.accountNo`)
    }
    if (seen.has(entry.accountNo)) throw new ApiError('invalid_parameter', `Account ${entry.accountNo} has two thresholds; keep one.`, `lowFloat.${i}.accountNo`)
    seen.add(entry.accountNo)
  })
  unit.store.notifications.saveRules(scope.organizationId, scope.environment, rules, unit.now)
  return rules
}
