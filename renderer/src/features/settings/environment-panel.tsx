import type { Environment } from '../../../../shared/schemas/common'
import { OptionCard } from '../../components/option-card'
import { Panel } from '../../components/panel'
import { useEnvironmentStore } from '../../stores/environment-store'

const OPTIONS: { value: Environment; label: string; description: string }[] = [
  { value: 'test', label: 'Test', description: 'sk_test_ keys. Forced outcomes (forceStatus) and magic phone numbers work.' },
  { value: 'live', label: 'Live', description: 'sk_live_ keys and live rules: Idempotency-Key required for bank transfers and reversals, no forced outcomes. Still simulated.' },
]

/**
 * The same switch as the top bar's (one store), explained: which keys, rules and data each environment has.
 * Its own radio group name, so the two groups on one page never capture each other's selection.
 */
export function EnvironmentPanel() {
  const environment = useEnvironmentStore((state) => state.environment)
  const setEnvironment = useEnvironmentStore((state) => state.setEnvironment)
  return (
    <Panel title="Environment">
      <fieldset className="option-cards">
        <legend className="visually-hidden">Environment the console shows and acts in</legend>
        {OPTIONS.map((option) => (
          <OptionCard key={option.value} name="settings-environment" {...option} checked={environment === option.value}
            onChange={() => setEnvironment(option.value)} />
        ))}
      </fieldset>
      <p className="form__note settings-note">Data never mixes: each environment has its own accounts, transactions, keys and webhook endpoint.</p>
    </Panel>
  )
}
