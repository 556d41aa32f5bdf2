import { useState, type FormEvent } from 'react'
import { ApiFaultScopeSchema, SetApiFaultsRequestSchema, type ApiFaults, type ApiFaultScope } from '../../../../shared/schemas/faults'
import { useFaultState, useSetApiFaults } from '../../api/hooks/faults'
import { useSimulatorState } from '../../api/hooks/simulator'
import { ErrorNotice } from '../../components/error-notice'
import { SelectField } from '../../components/fields/select-field'
import { TextField } from '../../components/fields/text-field'
import { Panel } from '../../components/panel'

const SCOPES = ApiFaultScopeSchema.options.map((scope) => ({ value: scope, label: scope === 'money' ? 'Every money route (POST /v1/…)' : scope }))
const MINUTE = 60_000

/** The form's fields, as typed. */
interface FaultFields {
  latencyMin: string
  latencyMax: string
  errorRate: string
  errorStatus: string
  outageIn: string
  outageFor: string
  drop: boolean
}

const NO_FAULTS: FaultFields = { latencyMin: '', latencyMax: '', errorRate: '', errorStatus: '500', outageIn: '', outageFor: '', drop: false }

/** The faults the fields ask for; the outage window starts `outageIn` minutes after the simulated `now`. */
function faultsFrom(f: FaultFields, now: number): ApiFaults {
  const faults: ApiFaults = {}
  if (f.latencyMin.trim() !== '') faults.latency = { minMs: Number(f.latencyMin), ...(f.latencyMax.trim() !== '' ? { maxMs: Number(f.latencyMax) } : {}) }
  if (f.errorRate.trim() !== '') faults.errorRate = { rate: Number(f.errorRate) / 100, status: f.errorStatus === '503' ? 503 : 500 }
  if (f.outageFor.trim() !== '') {
    const from = now + Number(f.outageIn || '0') * MINUTE
    faults.outage = { from, until: from + Number(f.outageFor) * MINUTE }
  }
  if (f.drop) faults.commitThenDrop = { rate: 1 }
  return faults
}

/**
 * API faults (docs/simulator.md "Provider faults"): the provider having a bad day for one public route or
 * every money route of this environment. The outage window is on the simulated clock.
 */
export function ApiFaultsPanel() {
  const state = useFaultState()
  const simulator = useSimulatorState()
  const save = useSetApiFaults()
  const [scope, setScope] = useState<ApiFaultScope>('money')
  const [fields, setFields] = useState<FaultFields>(NO_FAULTS)
  const field = <K extends keyof FaultFields>(key: K) => (value: FaultFields[K]) => setFields((current) => ({ ...current, [key]: value }))
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)

  const send = (faults: ApiFaults) => {
    setProblem(null)
    setSaved(null)
    const parsed = SetApiFaultsRequestSchema.safeParse({ scope, faults })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return setProblem(`${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`)
    }
    save.mutate({ body: parsed.data }, { onSuccess: () => setSaved(Object.keys(faults).length > 0 ? `API faults on for ${scope}.` : `API faults off for ${scope}.`) })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    send(faultsFrom(fields, simulator.data?.now ?? Date.now()))
  }

  const rules = state.data?.api ?? []
  return (
    <Panel title="API faults">
      <form className="form" onSubmit={submit} noValidate aria-label="API faults">
        <p className="form__note">Make the API misbehave the way a provider does on a bad day. Faulted requests run nothing (errors, outage) or lose their answer after the commit (commit-then-drop).</p>
        {save.isError ? <ErrorNotice error={save.error} /> : null}
        {problem ? <p className="field__error" role="alert">{problem}</p> : null}
        <SelectField label="Routes" value={scope} options={SCOPES} onChange={(value) => setScope(value as ApiFaultScope)} />
        <div className="inline-form">
          <TextField label="Latency (ms)" value={fields.latencyMin} onChange={field('latencyMin')} inputMode="numeric" hint="Fixed, or the least of a range." />
          <TextField label="Latency up to (ms)" value={fields.latencyMax} onChange={field('latencyMax')} inputMode="numeric" hint="At most 60000." />
        </div>
        <div className="inline-form">
          <TextField label="Error rate (%)" value={fields.errorRate} onChange={field('errorRate')} inputMode="decimal" hint="Share of requests answered with an error." />
          <SelectField label="Error status" value={fields.errorStatus} onChange={field('errorStatus')} options={[{ value: '500', label: '500 api_error' }, { value: '503', label: '503 unavailable' }]} />
        </div>
        <div className="inline-form">
          <TextField label="Outage starts in (min)" value={fields.outageIn} onChange={field('outageIn')} inputMode="numeric" hint="Simulated clock; 0 = now." />
          <TextField label="Outage lasts (min)" value={fields.outageFor} onChange={field('outageFor')} inputMode="numeric" hint="503 with Retry-After meanwhile." />
        </div>
        <div className="fault-checks">
          <label><input type="checkbox" checked={fields.drop} onChange={(e) => field('drop')(e.target.checked)} /> Commit, then drop the connection</label>
        </div>
        <div className="inline-form">
          <button type="submit" className="button button--primary" disabled={save.isPending}>Switch API faults on</button>
          <button type="button" className="button button--secondary" onClick={() => send({})} disabled={save.isPending}>Switch off for these routes</button>
        </div>
        <p className="form__note" role="status">{saved ?? ''}</p>
        {rules.length > 0 ? (
          <ul className="form__note" aria-label="API faults on">
            {rules.map((rule) => <li key={rule.scope}><code>{rule.scope}</code>: {Object.keys(rule.faults).join(', ')}</li>)}
          </ul>
        ) : null}
      </form>
    </Panel>
  )
}
