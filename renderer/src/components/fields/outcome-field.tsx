import { ForceStatusSchema, type ForceStatus } from '../../../../shared/schemas/common'
import { SelectField } from './select-field'
import { useEnvironment } from '../../stores/environment-store'

const OUTCOME_LABELS: Record<ForceStatus, string> = {
  success: 'Success', failed: 'Failed (1001)', cancelled: 'Cancelled (1032)', timeout: 'Timeout (1037)',
  insufficient_funds: 'Insufficient funds (1)', wrong_pin: 'Wrong PIN (2001)', pending: 'Stays pending',
}

/**
 * `forceStatus`: the sandbox outcome a test key may force. Hidden in live, where the API refuses it.
 * The empty choice sends nothing (the phone number or the default decides).
 */
export function OutcomeField({ value, onChange, error, defaultLabel }: { value: '' | ForceStatus; onChange(value: '' | ForceStatus): void; error?: string; defaultLabel: string }) {
  const environment = useEnvironment()
  if (environment !== 'test') return null
  return (
    <SelectField markOptional={false} label="Simulated outcome" className="field--wide" value={value} placeholder={defaultLabel}
      options={ForceStatusSchema.options.map((status) => ({ value: status, label: OUTCOME_LABELS[status] }))}
      onChange={(v) => onChange(v as '' | ForceStatus)} error={error} hint="Test environment only: sent as forceStatus." />
  )
}
