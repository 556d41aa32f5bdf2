import { useState } from 'react'
import { parseMajorToMinor, formatMinor } from '../../../../shared/money'
import type { NotificationRules } from '../../../../shared/schemas/notifications'
import { useAccounts } from '../../api/hooks/accounts'
import { useCan } from '../../api/hooks/team'
import { useNotificationRules, useUpdateNotificationRules } from '../../api/hooks/notifications'
import { ErrorNotice } from '../../components/error-notice'
import { TextField } from '../../components/fields/text-field'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'

type Switch = 'payoutFailed' | 'approvalWaiting' | 'batchFinished' | 'reconciliationExceptions'
const SWITCHES: { key: Switch; label: string }[] = [
  { key: 'payoutFailed', label: 'A payout or bank transfer failed or was refused' },
  { key: 'approvalWaiting', label: 'An approval is waiting' },
  { key: 'batchFinished', label: 'A bulk batch finished' },
  { key: 'reconciliationExceptions', label: 'A reconciliation has exceptions' },
]

/** Notification rules of this organization in this environment: what raises a notification (bell, toast, desktop). */
export function NotificationRulesPanel() {
  const rules = useNotificationRules()
  // Kept here: the saved rules come back as new data, which makes a fresh form (and would drop its own notice).
  const [saved, setSaved] = useState(false)
  return (
    <Panel title="Notifications">
      <QueryView query={rules} loadingLabel="Loading notification rules…">
        {(data) => <RulesForm key={JSON.stringify(data)} rules={data} onSaved={() => setSaved(true)} onEdit={() => setSaved(false)} />}
      </QueryView>
      {saved ? <p className="notice notice--success" role="status" data-testid="rules-saved">Notification rules saved.</p> : null}
    </Panel>
  )
}

function RulesForm({ rules, onSaved, onEdit }: { rules: NotificationRules; onSaved(): void; onEdit(): void }) {
  const update = useUpdateNotificationRules()
  const accounts = useAccounts()
  // Every role reads the rules; only those who change settings may save them (the server refuses the rest).
  const canSave = useCan('settings.manage')
  const [draft, setDraft] = useState(rules)
  const [after, setAfter] = useState(String(rules.endpointFailing.after))
  const [thresholds, setThresholds] = useState<Record<string, string>>(
    Object.fromEntries(rules.lowFloat.map((rule) => [rule.accountNo, formatMinor(rule.below).replace(/,/g, '')])),
  )
  const save = () => {
    const lowFloat = Object.entries(thresholds).flatMap(([accountNo, text]) => {
      const below = parseMajorToMinor(text.trim())
      return text.trim() === '' || below === null || below === 0 ? [] : [{ accountNo, below }]
    })
    update.mutate({ body: { ...draft, endpointFailing: { ...draft.endpointFailing, after: Number(after) }, lowFloat } }, { onSuccess: onSaved })
  }
  const check = (label: string, checked: boolean, onChange: (value: boolean) => void) => (
    <label className="row"><input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />{label}</label>
  )
  return (
    <form className="stack" aria-label="Notification rules" onSubmit={(event) => { event.preventDefault(); save() }} onChange={onEdit}>
      {check('A payment was received', draft.paymentReceived.enabled, (enabled) => setDraft({ ...draft, paymentReceived: { ...draft.paymentReceived, enabled } }))}
      {check('Play a sound for each payment (counter staff)', draft.paymentReceived.sound, (sound) => setDraft({ ...draft, paymentReceived: { ...draft.paymentReceived, sound } }))}
      {SWITCHES.map((rule) => <div key={rule.key}>{check(rule.label, draft[rule.key].enabled, (enabled) => setDraft({ ...draft, [rule.key]: { enabled } }))}</div>)}
      <div className="inline-form">
        {check('A webhook endpoint keeps failing', draft.endpointFailing.enabled, (enabled) => setDraft({ ...draft, endpointFailing: { ...draft.endpointFailing, enabled } }))}
        <TextField label="Failed deliveries in a row" inputMode="numeric" value={after} onChange={setAfter} markOptional={false} />
      </div>
      <fieldset className="stack"><legend>Low float: tell me when a movement leaves an account below</legend>
        {(accounts.data ?? []).map((account) => (
          <TextField markOptional={false} key={account.accountNo} label={`${account.name} (${account.accountNo})`} prefix="KES" inputMode="decimal" placeholder="No threshold"
            value={thresholds[account.accountNo] ?? ''} onChange={(value) => setThresholds({ ...thresholds, [account.accountNo]: value })} />
        ))}
      </fieldset>
      {update.isError ? <ErrorNotice error={update.error} title="The rules were not saved" /> : null}
      {canSave
        ? <div className="row"><button type="submit" className="button button--primary" disabled={update.isPending}>Save notification rules</button></div>
        : <p className="form__note">Only an owner or an admin can change these rules.</p>}
    </form>
  )
}
