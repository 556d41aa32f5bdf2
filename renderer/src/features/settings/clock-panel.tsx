import { useState, type FormEvent } from 'react'
import { ClockAdvanceRequestSchema, type SimulatorState } from '../../../../shared/schemas/simulator'
import { useSimulatorState } from '../../api/hooks/simulator'
import { useAdvanceClock, useSettleAll } from '../../api/hooks/settings'
import { ErrorNotice } from '../../components/error-notice'
import { SelectField } from '../../components/fields/select-field'
import { TextField } from '../../components/fields/text-field'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Timestamp } from '../../components/timestamp'
import { apiErrorToFieldErrors } from '../../forms/field-errors'
import { DURATION_UNITS, formatDuration, QUICK_ADVANCES, unitMs, type DurationUnit } from './durations'

/**
 * The simulated clock: jump it forward so pending results, webhook retries and settlements that would
 * take minutes or hours happen now, and settle every completed charge at once.
 */
export function ClockPanel() {
  const simulator = useSimulatorState()
  return (
    <Panel title="Clock and settlement">
      <QueryView query={simulator} loadingLabel="Loading the clock…">
        {(state) => <ClockControls state={state} />}
      </QueryView>
    </Panel>
  )
}

function ClockControls({ state }: { state: SimulatorState }) {
  const advance = useAdvanceClock()
  const settle = useSettleAll()
  const [amount, setAmount] = useState('10')
  const [unit, setUnit] = useState<DurationUnit>('minutes')
  const [amountError, setAmountError] = useState<string | undefined>()
  const [advanced, setAdvanced] = useState<string | null>(null)

  const jump = (ms: number) => {
    setAdvanced(null)
    advance.mutate({ body: { ms } }, {
      onSuccess: () => setAdvanced(`Clock moved forward by ${formatDuration(ms)}.`),
      onError: (error) => setAmountError(apiErrorToFieldErrors(error)['ms']),
    })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const count = /^\d+$/.test(amount.trim()) ? Number(amount.trim()) : Number.NaN
    const parsed = ClockAdvanceRequestSchema.safeParse({ ms: count * unitMs(unit) })
    if (!Number.isSafeInteger(count) || count < 1) return setAmountError('must be a whole number of at least 1')
    if (!parsed.success) return setAmountError(parsed.error.issues[0]?.message)
    jump(parsed.data.ms)
  }

  return (
    <div className="stack">
      <dl className="facts">
        <dt>Simulated now</dt>
        <dd data-testid="simulated-now"><Timestamp ms={state.now} /></dd>
        <dt>Ahead of real time</dt>
        <dd data-testid="clock-offset">{state.clockOffsetMs > 0 ? formatDuration(state.clockOffsetMs) : 'No (in step)'}</dd>
      </dl>
      {advance.isError && !amountError ? <ErrorNotice error={advance.error} title="The clock did not move" /> : null}
      <div className="quick-advance" role="group" aria-label="Advance the clock by">
        {QUICK_ADVANCES.map((step) => (
          <button key={step.label} type="button" className="button button--secondary button--small" disabled={advance.isPending}
            onClick={() => jump(step.ms)} aria-label={`Advance the clock by ${step.label.replace(/^\+/, '')}`}>
            {step.label}
          </button>
        ))}
      </div>
      <form className="inline-form" onSubmit={submit} noValidate aria-label="Advance the clock by a duration">
        <TextField label="Advance by" required inputMode="numeric" value={amount} autoComplete="off"
          onChange={(v) => { setAmount(v); setAmountError(undefined) }} error={amountError} hint="Up to 30 days at a time." />
        <SelectField label="Unit" required value={unit} options={DURATION_UNITS} onChange={(v) => setUnit(v as DurationUnit)} />
        <button type="submit" className="button button--primary" disabled={advance.isPending} aria-busy={advance.isPending}>Advance</button>
      </form>
      <p className="form__note" role="status">{advanced ?? ''}</p>
      <div className="settle-now">
        <button type="button" className="button button--secondary" disabled={settle.isPending} aria-busy={settle.isPending}
          onClick={() => settle.mutate({ body: {} })}>
          Settle all now
        </button>
        <span className="form__note" role="status">
          {settle.data ? `Settled ${settle.data.settled.length} ${settle.data.settled.length === 1 ? 'charge' : 'charges'}.` : 'Moves every completed charge’s net from collections pending to available.'}
        </span>
      </div>
      {settle.isError ? <ErrorNotice error={settle.error} title="Settlement failed" /> : null}
    </div>
  )
}
