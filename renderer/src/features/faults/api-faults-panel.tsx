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

/**
 * API faults (docs/simulator.md "Provider faults"): the provider having a bad day for one public route or
 * every money route of this environment. The outage window is on the simulated clock.
 */
export function ApiFaultsPanel() {
  const state = useFaultState()
  const simulator = useSimulatorState()
  const save = useSetApiFaults()
  const [scope, setScope] = useState<ApiFaultScope>('money')
  const [latencyMin, setLatencyMin] = useState('')
  const [latencyMax, setLatencyMax] = useState('')
  const [errorRate, setErrorRate] = useState('')
  const [errorStatus, setErrorStatus] = useState('500')
  const [outageIn, setOutageIn] = useState('')
  const [outageFor, setOutageFor] = useState('')
  const [drop, setDrop] = useState(false)
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
    const faults: ApiFaults = {}
    if (latencyMin.trim() !== '') faults.latency = { minMs: Number(latencyMin), ...(latencyMax.trim() !== '' ? { maxMs: Number(latencyMax) } : {}) }
    if (errorRate.trim() !== '') faults.errorRate = { rate: Number(errorRate) / 100, status: errorStatus === '503' ? 503 : 500 }
    if (outageFor.trim() !== '') {
      const from = (simulator.data?.now ?? Date.now()) + Number(outageIn || '0') * MINUTE
      faults.outage = { from, until: from + Number(outageFor) * MINUTE }
    }
    if (drop) faults.commitThenDrop = { rate: 1 }
    send(faults)
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
          <TextField label="Latency (ms)" value={latencyMin} onChange={setLatencyMin} inputMode="numeric" hint="Fixed, or the least of a range." />
          <TextField label="Latency up to (ms)" value={latencyMax} onChange={setLatencyMax} inputMode="numeric" hint="At most 60000." />
        </div>
        <div className="inline-form">
          <TextField label="Error rate (%)" value={errorRate} onChange={setErrorRate} inputMode="decimal" hint="Share of requests answered with an error." />
          <SelectField label="Error status" value={errorStatus} onChange={setErrorStatus} options={[{ value: '500', label: '500 api_error' }, { value: '503', label: '503 unavailable' }]} />
        </div>
        <div className="inline-form">
          <TextField label="Outage starts in (min)" value={outageIn} onChange={setOutageIn} inputMode="numeric" hint="Simulated clock; 0 = now." />
          <TextField label="Outage lasts (min)" value={outageFor} onChange={setOutageFor} inputMode="numeric" hint="503 with Retry-After meanwhile." />
        </div>
        <div className="fault-checks">
          <label><input type="checkbox" checked={drop} onChange={(e) => setDrop(e.target.checked)} /> Commit, then drop the connection</label>
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
