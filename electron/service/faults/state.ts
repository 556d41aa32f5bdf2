import { faultsOn, type ApiFaults, type ApiFaultScope, type FaultConfig, type FaultState, type WebhookFaults } from '../../../shared/schemas/faults'
import { EnvironmentSchema } from '../../../shared/schemas/common'
import type { Store } from '../db/store'
import type { Unit } from '../core/unit'

type Scope = { organizationId: string; environment: string }

const ENVIRONMENTS = EnvironmentSchema.options

/** The fault rules of one organization and environment, as the console shows them. */
export function faultState(store: Store, organizationId: string, environment: string): FaultState {
  const state: FaultState = { webhooks: [], api: [], active: false, activeIn: [] }
  // Rules are saved only when they switch something on, so an environment with rules has faults on.
  for (const other of ENVIRONMENTS) if (store.faults.rules(organizationId, other).length > 0) state.activeIn.push(other)
  for (const row of store.faults.rules(organizationId, environment)) {
    if (row.kind === 'webhook') state.webhooks.push({ url: row.target, faults: row.config, updatedAt: row.updated_at })
    else state.api.push({ scope: row.target as ApiFaultScope, faults: row.config, updatedAt: row.updated_at })
  }
  state.active = state.webhooks.some((rule) => faultsOn(rule.faults)) || state.api.some((rule) => faultsOn(rule.faults))
  return state
}

/** Saves a rule, or deletes it when it switches nothing on. */
export function saveFaultRule(unit: Unit, scope: Scope, rule: { kind: 'webhook'; faults: WebhookFaults } | { kind: 'api'; faults: ApiFaults }, target: string): void {
  if (!faultsOn(rule.faults)) {
    unit.store.faults.deleteRule(scope.organizationId, scope.environment, rule.kind, target)
    return
  }
  const base = { organization_id: scope.organizationId, environment: scope.environment, target, updated_at: unit.now }
  unit.store.faults.saveRule(rule.kind === 'webhook' ? { ...base, kind: 'webhook', config: rule.faults } : { ...base, kind: 'api', config: rule.faults })
}

/**
 * Replaces every fault rule of one organization and environment with `config` (a parsed FaultConfigSchema,
 * as a scenario file holds it). Call inside a transaction so the switch is all at once.
 */
export function replaceFaultConfig(unit: Unit, scope: Scope, config: FaultConfig): void {
  unit.store.faults.deleteAll(scope.organizationId, scope.environment)
  for (const rule of config.webhooks) saveFaultRule(unit, scope, { kind: 'webhook', faults: rule.faults }, rule.url)
  for (const rule of config.api) saveFaultRule(unit, scope, { kind: 'api', faults: rule.faults }, rule.scope)
}
