import type { Scenario } from '../../../shared/schemas/scenario'
import type { Store } from '../db/store'
import type { Unit } from '../core/unit'
import type { ProvisionedOrganization } from '../seed/provisioning'
import { applyScenario } from './apply'
import { SETTINGS } from '../db/settings-registry'

export interface ScenarioInput {
  scenario: Scenario
  /** Identifies the file's content (a hash): a restart with the same file keeps the database. */
  fingerprint: string
}

/** The database already holds data from elsewhere (or another scenario): applying would mix the two. */
export class ScenarioDatabaseInUseError extends Error {
  constructor() {
    super('the database already exists and was not made from this scenario file; start with --reset to erase it and apply the scenario')
    this.name = 'ScenarioDatabaseInUseError'
  }
}

/**
 * What seeding calls instead of creating the demo organization. A database made earlier from the same
 * file (same fingerprint) is kept as it is, so restarting a scenario sandbox keeps its state; any other
 * existing database is refused rather than mixed with the scenario.
 */
export function scenarioProvisioner(store: Store, input: ScenarioInput | undefined): ((unit: Unit) => ProvisionedOrganization) | undefined {
  if (!input) return undefined
  if (store.settings.get(SETTINGS.demoOrganizationId) !== null) {
    if (store.settings.get(SETTINGS.scenarioFingerprint) !== input.fingerprint) throw new ScenarioDatabaseInUseError()
    return undefined
  }
  return (unit) => {
    const applied = applyScenario(unit, input.scenario)
    unit.store.settings.set(SETTINGS.scenarioFingerprint, input.fingerprint)
    return applied.primary
  }
}
