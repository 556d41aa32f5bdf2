import { ApiFaultsSchema, WebhookFaultsSchema, faultsOn, type ApiFaultScope, type FaultConfig, type FaultState } from '../../../shared/schemas/faults'
import { EnvironmentSchema } from '../../../shared/schemas/common'
import type { Store } from '../db/store'

const ENVIRONMENTS = EnvironmentSchema.options

/** The fault rules of one organization and environment, as the console shows them. */
export function faultState(store: Store, organizationId: string, environment: string): FaultState {
  const state: FaultState = { webhooks: [], api: [], active: false, activeIn: [] }
  // Rules are saved only when they switch something on, so an environment with rules has faults on.
  for (const other of ENVIRONMENTS) if (store.faults.rules(organizationId, other).length > 0) state.activeIn.push(other)
  for (const row of store.faults.rules(organizationId, environment)) {
    const config = JSON.parse(row.config) as unknown
    if (row.kind === 'webhook') state.webhooks.push({ url: row.target, faults: WebhookFaultsSchema.parse(config), updatedAt: row.updated_at })
    else state.api.push({ scope: row.target as ApiFaultScope, faults: ApiFaultsSchema.parse(config), updatedAt: row.updated_at })
  }
  state.active = state.webhooks.some((rule) => faultsOn(rule.faults)) || state.api.some((rule) => faultsOn(rule.faults))
  return state
}

/** Saves a rule, or deletes it when it switches nothing on. */
export function saveFaultRule(store: Store, scope: { organizationId: string; environment: string }, kind: 'webhook' | 'api', target: string, faults: Record<string, unknown>, now: number): void {
  if (!faultsOn(faults)) {
    store.faults.deleteRule(scope.organizationId, scope.environment, kind, target)
    return
  }
  store.faults.saveRule({
    organization_id: scope.organizationId, environment: scope.environment, kind, target, config: JSON.stringify(faults), updated_at: now,
  })
}

/**
 * Replaces every fault rule of one organization and environment with `config` (a parsed FaultConfigSchema,
 * as a scenario file holds it). Call inside a transaction so the switch is all at once.
 */
export function replaceFaultConfig(store: Store, scope: { organizationId: string; environment: string }, config: FaultConfig, now: number): void {
  store.faults.deleteAll(scope.organizationId, scope.environment)
  for (const rule of config.webhooks) saveFaultRule(store, scope, 'webhook', rule.url, rule.faults, now)
  for (const rule of config.api) saveFaultRule(store, scope, 'api', rule.scope, rule.faults, now)
}
