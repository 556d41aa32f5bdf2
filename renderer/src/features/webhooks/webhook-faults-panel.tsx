import { useState, type FormEvent } from 'react'
import { SetWebhookFaultsRequestSchema, type FaultState, type WebhookFaults } from '../../../../shared/schemas/faults'
import { useFaultState, useSetWebhookFaults } from '../../api/hooks/faults'
import { useWebhookEndpoint } from '../../api/hooks/webhooks'
import { ErrorNotice } from '../../components/error-notice'
import { TextField } from '../../components/fields/text-field'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'

const SWITCHES = [
  ['duplicate', 'Duplicate', 'every event twice, same id'],
  ['reorder', 'Reorder', 'newest event of a transaction first'],
  ['tamper', 'Tamper', 'one body byte changed after signing'],
  ['stale', 'Stale', 'timestamp 6 minutes old'],
  ['wrongSecret', 'Wrong secret', 'signed with another secret'],
] as const

type SwitchKey = (typeof SWITCHES)[number][0]

/** Seconds as typed, to ms; empty is undefined. */
function seconds(text: string): number | undefined {
  const trimmed = text.trim()
  return trimmed === '' ? undefined : Math.round(Number(trimmed) * 1000)
}

/**
 * Webhook faults of one endpoint URL (docs/simulator.md "Provider faults"): what the next deliveries to it
 * suffer. Each attempt's faults show in the event log below.
 */
export function WebhookFaultsPanel() {
  const faults = useFaultState()
  const endpoint = useWebhookEndpoint()
  return (
    <Panel title="Webhook faults">
      <QueryView query={faults} loadingLabel="Loading faults…">
        {(state) => <FaultsForm key={endpoint.data?.defaultUrl ?? ''} state={state} defaultUrl={endpoint.data?.defaultUrl ?? ''} />}
      </QueryView>
    </Panel>
  )
}

function FaultsForm({ state, defaultUrl }: { state: FaultState; defaultUrl: string }) {
  const save = useSetWebhookFaults()
  const [url, setUrl] = useState(defaultUrl)
  const existing = state.webhooks.find((rule) => rule.url === url)?.faults ?? {}
  const [switches, setSwitches] = useState<Record<SwitchKey, boolean>>(() => ({
    duplicate: existing.duplicate === true, reorder: existing.reorder !== undefined && existing.reorder !== false,
    tamper: existing.tamper === true, stale: existing.stale === true, wrongSecret: existing.wrongSecret === true,
  }))
  const [delayMin, setDelayMin] = useState(existing.delay ? String(existing.delay.minMs / 1000) : '')
  const [delayMax, setDelayMax] = useState(existing.delay?.maxMs !== undefined ? String(existing.delay.maxMs / 1000) : '')
  const [drop, setDrop] = useState(existing.drop ? String(existing.drop.attempts) : '')
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)

  const send = (faults: WebhookFaults) => {
    setProblem(null)
    setSaved(null)
    const parsed = SetWebhookFaultsRequestSchema.safeParse({ url: url.trim(), faults })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return setProblem(`${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`)
    }
    save.mutate({ body: parsed.data }, { onSuccess: () => setSaved(Object.keys(faults).length > 0 ? `Faults on for ${parsed.data.url}.` : `Faults off for ${parsed.data.url}.`) })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const faults: WebhookFaults = {}
    for (const [key] of SWITCHES) if (switches[key]) faults[key] = true
    const minMs = seconds(delayMin)
    if (minMs !== undefined) faults.delay = { minMs, ...(seconds(delayMax) !== undefined ? { maxMs: seconds(delayMax) } : {}) }
    if (drop.trim() !== '') faults.drop = { attempts: Number(drop.trim()) }
    send(faults)
  }
  const switchOff = () => {
    setSwitches({ duplicate: false, reorder: false, tamper: false, stale: false, wrongSecret: false })
    setDelayMin('')
    setDelayMax('')
    setDrop('')
    send({})
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Webhook faults">
      <p className="form__note">Break deliveries to one URL on purpose. The ledger and transactions never change; only what your receiver gets does.</p>
      {save.isError ? <ErrorNotice error={save.error} /> : null}
      {problem ? <p className="field__error" role="alert">{problem}</p> : null}
      <TextField label="Endpoint URL" required type="url" value={url} onChange={setUrl} placeholder="https://example.com/webhooks" spellCheck={false} autoComplete="off"
        hint="Faults apply to deliveries to exactly this URL in this environment." />
      <fieldset className="fault-checks">
        <legend className="visually-hidden">Faults</legend>
        {SWITCHES.map(([key, label, hint]) => (
          <label key={key} title={hint}>
            <input type="checkbox" checked={switches[key]} onChange={(e) => setSwitches({ ...switches, [key]: e.target.checked })} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="inline-form">
        <TextField markOptional={false} label="Delay (s)" value={delayMin} onChange={setDelayMin} inputMode="decimal" hint="Fixed, or the least of a range. At most 600." />
        <TextField markOptional={false} label="Delay up to (s)" value={delayMax} onChange={setDelayMax} inputMode="decimal" hint="Random between the two." />
        <TextField markOptional={false} label="Drop first attempts" value={drop} onChange={setDrop} inputMode="numeric" hint="1-9; retries recover." />
      </div>
      <div className="inline-form">
        <button type="submit" className="button button--primary" disabled={save.isPending}>Switch faults on</button>
        <button type="button" className="button button--secondary" onClick={switchOff} disabled={save.isPending}>Switch off</button>
      </div>
      <p className="form__note" role="status">{saved ?? ''}</p>
    </form>
  )
}
