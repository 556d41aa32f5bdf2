import type { Environment } from '../../../shared/schemas/common'
import { useEnvironmentStore } from '../stores/environment-store'

const OPTIONS: { value: Environment; label: string }[] = [
  { value: 'test', label: 'Test' },
  { value: 'live', label: 'Live' },
]

/** Test/live switch: a radio group (arrow keys move between the two), styled as a segmented control. */
export function EnvironmentSwitch() {
  const environment = useEnvironmentStore((state) => state.environment)
  const setEnvironment = useEnvironmentStore((state) => state.setEnvironment)
  return (
    <fieldset className="segmented" data-environment={environment}>
      <legend className="visually-hidden">Environment</legend>
      {OPTIONS.map((option) => (
        <label key={option.value} className={option.value === environment ? 'segmented__option segmented__option--selected' : 'segmented__option'}>
          <input type="radio" name="environment" value={option.value} checked={option.value === environment} onChange={() => setEnvironment(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}
