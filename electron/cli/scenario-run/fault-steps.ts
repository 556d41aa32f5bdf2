import type { Environment } from '../../../shared/schemas/common'
import type { FaultConfig, FaultState } from '../../../shared/schemas/faults'
import type { ScenarioFaults } from '../../../shared/schemas/scenario'
import type { SandboxClient } from './client'

const ENVIRONMENTS: readonly Environment[] = ['test', 'live']

/** `duplicate, drop at http://…` for each rule; `off` when the environment gets none. */
function describeConfig(config: FaultConfig): string {
  const rules = [
    ...config.webhooks.map((rule) => `${Object.keys(rule.faults).join(', ')} at ${rule.url}`),
    ...config.api.map((rule) => `${Object.keys(rule.faults).join(', ')} on ${rule.scope}`),
  ]
  return rules.length === 0 ? 'off' : rules.join('; ')
}

export function describeFaults(faults: 'off' | ScenarioFaults): string {
  if (faults === 'off') return 'faults off'
  return `faults ${ENVIRONMENTS.flatMap((environment) => faults[environment] ? [`${environment}: ${describeConfig(faults[environment])}`] : []).join(' | ')}`
}

/**
 * Gives one environment exactly `config` through the fault lab's console routes, as a QA script would:
 * rules no longer wanted are switched off one by one and the wanted ones set, so a URL that stays faulty
 * is never briefly without its faults. Returns the state the last route answered.
 */
async function replaceFaults(client: SandboxClient, environment: Environment, config: FaultConfig): Promise<FaultState> {
  if (config.webhooks.length === 0 && config.api.length === 0) return client.data('console.faults.clear', {}, environment)
  let state: FaultState = await client.data('console.faults.get', {}, environment)
  for (const rule of state.webhooks) {
    if (!config.webhooks.some((wanted) => wanted.url === rule.url)) state = await client.data('console.faults.webhooks.set', { body: { url: rule.url, faults: {} } }, environment)
  }
  for (const rule of state.api) {
    if (!config.api.some((wanted) => wanted.scope === rule.scope)) state = await client.data('console.faults.api.set', { body: { scope: rule.scope, faults: {} } }, environment)
  }
  for (const rule of config.webhooks) state = await client.data('console.faults.webhooks.set', { body: rule }, environment)
  for (const rule of config.api) state = await client.data('console.faults.api.set', { body: rule }, environment)
  return state
}

/** A `faults:` step: each environment named gets exactly its faults; `off` switches every environment off. */
export async function switchFaults(client: SandboxClient, faults: 'off' | ScenarioFaults): Promise<string> {
  const parts: string[] = []
  for (const environment of ENVIRONMENTS) {
    const config = faults === 'off' ? { webhooks: [], api: [] } : faults[environment]
    if (!config) continue
    const state = await replaceFaults(client, environment, config)
    const rules = state.webhooks.length + state.api.length
    parts.push(`${environment}: ${rules === 0 ? 'no faults' : `${rules} rule${rules === 1 ? '' : 's'} on`}`)
  }
  return parts.join(', ')
}
