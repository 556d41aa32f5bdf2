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
  commitErrorRate: string
  commitErrorStatus: string
  lookupLag: string
}

const NO_FAULTS: FaultFields = {
  latencyMin: '', latencyMax: '', errorRate: '', errorStatus: '500', outageIn: '', outageFor: '', drop: false, commitErrorRate: '', commitErrorStatus: '500', lookupLag: '',
}

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
  if (f.commitErrorRate.trim() !== '') faults.commitThenError = { rate: Number(f.commitErrorRate) / 100, status: f.commitErrorStatus === '502' ? 502 : 500 }
  if (f.lookupLag.trim() !== '') faults.lookupLag = { ms: Number(f.lookupLag) }
  return faults
}

type FieldSetter = <K extends keyof FaultFields>(key: K) => (value: FaultFields[K]) => void

/** The form's inputs: one row per fault. */
function FaultInputs({ fields, field }: { fields: FaultFields; field: FieldSetter }) {
  return (
    <>
      <div className="inline-form">
        <TextField markOptional={false} label="Latency (ms)" value={fields.latencyMin} onChange={field('latencyMin')} inputMode="numeric" hint="Fixed, or the least of a range." />
        <TextField markOptional={false} label="Latency up to (ms)" value={fields.latencyMax} onChange={field('latencyMax')} inputMode="numeric" hint="At most 60000." />
      </div>
      <div className="inline-form">
        <TextField markOptional={false} label="Error rate (%)" value={fields.errorRate} onChange={field('errorRate')} inputMode="decimal" hint="Share of requests answered with an error." />
        <SelectField markOptional={false} label="Error status" value={fields.errorStatus} onChange={field('errorStatus')} options={[{ value: '500', label: '500 api_error' }, { value: '503', label: '503 unavailable' }]} />
      </div>
      <div className="inline-form">
        <TextField markOptional={false} label="Outage starts in (min)" value={fields.outageIn} onChange={field('outageIn')} inputMode="numeric" hint="Simulated clock; 0 = now." />
        <TextField markOptional={false} label="Outage lasts (min)" value={fields.outageFor} onChange={field('outageFor')} inputMode="numeric" hint="503 with Retry-After meanwhile." />
      </div>
      <div className="fault-checks">
        <label><input type="checkbox" checked={fields.drop} onChange={(e) => field('drop')(e.target.checked)} /> Commit, then drop the connection</label>
      </div>
      <div className="inline-form">
        <TextField markOptional={false} label="Commit, then error (%)" value={fields.commitErrorRate} onChange={field('commitErrorRate')} inputMode="decimal" hint="Share of committed requests answered with an error all the same." />
        <SelectField markOptional={false} label="Answer after the commit" value={fields.commitErrorStatus} onChange={field('commitErrorStatus')} options={[{ value: '500', label: '500 api_error' }, { value: '502', label: '502 bad gateway' }]} />
      </div>
      <TextField markOptional={false} label="Lookup lag (ms)" value={fields.lookupLag} onChange={field('lookupLag')} inputMode="numeric" hint="GET /v1/transaction answers 404 until a transaction is this old (simulated clock). Routes: every money route or transactions.get." />
    </>
  )
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
  const field: FieldSetter = (key) => (value) => setFields((current) => ({ ...current, [key]: value }))
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
        <p className="form__note">Make the API misbehave the way a provider does on a bad day. Faulted requests run nothing (errors, outage), lose their answer after the commit (commit-then-drop, commit-then-error), or are not found for a while by GET /v1/transaction (lookup lag).</p>
        {save.isError ? <ErrorNotice error={save.error} /> : null}
        {problem ? <p className="field__error" role="alert">{problem}</p> : null}
        <SelectField markOptional={false} label="Routes" value={scope} options={SCOPES} onChange={(value) => setScope(value as ApiFaultScope)} />
        <FaultInputs fields={fields} field={field} />
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
