import { useState, type FormEvent } from 'react'
import { amountInput } from '../../forms/amount'
import { APPROVAL_ACTIONS, type ApprovalRule } from '../../../../shared/schemas/team'
import { useApprovalPolicy, useCan, useUpdateApprovalPolicy } from '../../api/hooks/team'
import { ErrorNotice } from '../../components/error-notice'
import { Money } from '../../components/money'
import { SelectField } from '../../components/fields/select-field'
import { TextField } from '../../components/fields/text-field'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { APPROVAL_ACTION_LABELS } from '../../lib/approval-labels'

const ACTION_OPTIONS = APPROVAL_ACTIONS.map((action) => ({ value: action, label: APPROVAL_ACTION_LABELS[action] }))
const ENVIRONMENT_OPTIONS = [{ value: 'any', label: 'Both' }, { value: 'test', label: 'Test' }, { value: 'live', label: 'Live' }]
const APPROVALS_OPTIONS = [{ value: '1', label: 'One approver' }, { value: '2', label: 'Two approvers' }]
/** Actions with no amount (a live key, real money through the provider): every request is held, the rule says by how many. */
const AMOUNTLESS: ReadonlySet<string> = new Set(['live-key', 'upstream-operate'])

/** Which money requests of signed-in users wait for approval: rules of action, environment, minimum amount and approvers. */
export function ApprovalPolicyPanel() {
  const policy = useApprovalPolicy()
  const update = useUpdateApprovalPolicy()
  const canChange = useCan('settings.manage')
  const save = (rules: ApprovalRule[]) => update.mutate({ body: { rules } })
  return (
    <Panel title="Approval policy">
      <QueryView query={policy} loadingLabel="Loading the approval policy…">
        {(data) => (
          <div className="stack">
            {update.isError ? <ErrorNotice error={update.error} title="The policy was not saved" /> : null}
            {data.rules.length === 0 ? <p className="form__note">No rule: every money request is sent at once.</p> : (
              <ul className="plain-list" aria-label="Approval rules">
                {data.rules.map((rule, index) => (
                  <li key={`${rule.action}-${index}`} className="row">
                    {APPROVAL_ACTION_LABELS[rule.action]} in {rule.environment === 'any' ? 'both environments' : rule.environment}{AMOUNTLESS.has(rule.action) ? null : <> from <Money minor={rule.minAmount} /></>}: {rule.approvals} approver{rule.approvals === 2 ? 's' : ''}
                    {canChange ? <button type="button" className="button button--secondary button--small" onClick={() => save(data.rules.filter((_, i) => i !== index))}>Remove</button> : null}
                  </li>
                ))}
              </ul>
            )}
            {canChange ? <AddRuleForm onAdd={(rule) => save([...data.rules, rule])} busy={update.isPending} /> : null}
          </div>
        )}
      </QueryView>
    </Panel>
  )
}

function AddRuleForm({ onAdd, busy }: { onAdd(rule: ApprovalRule): void; busy: boolean }) {
  const [action, setAction] = useState<string>('b2c')
  const [environment, setEnvironment] = useState('any')
  const [amount, setAmount] = useState('0')
  const [approvals, setApprovals] = useState('1')
  const amountless = AMOUNTLESS.has(action)
  const input = amountInput(amount)
  const { formatError } = input
  const minor = amountless ? 0 : input.minor
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (minor === undefined) return
    onAdd({ action: action as ApprovalRule['action'], environment: environment as ApprovalRule['environment'], minAmount: minor, approvals: approvals === '2' ? 2 : 1 })
  }
  return (
    <form className="inline-form" onSubmit={submit} aria-label="New approval rule">
      <SelectField markOptional={false} label="Action" value={action} options={ACTION_OPTIONS} onChange={setAction} />
      <SelectField markOptional={false} label="Environment" value={environment} options={ENVIRONMENT_OPTIONS} onChange={setEnvironment} />
      {amountless ? null : <TextField markOptional={false} label="From amount (KES)" value={amount} inputMode="decimal" onChange={setAmount} error={formatError} />}
      <SelectField markOptional={false} label="Approvals" value={approvals} options={APPROVALS_OPTIONS} onChange={setApprovals} />
      <button type="submit" className="button button--primary" disabled={busy || minor === undefined}>Add rule</button>
    </form>
  )
}
