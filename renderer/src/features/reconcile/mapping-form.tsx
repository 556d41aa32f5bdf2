import { useState } from 'react'
import type { AmountUnit, MappingSuggestion } from '../../../../shared/schemas/reconciliations'
import { displayTimeZone } from '../../lib/dates'
import { useCreateReconciliation } from '../../api/hooks/reconciliations'
import { navigate, pathTo } from '../../lib/router'
import { PATHS } from '../../lib/paths'
import { ErrorNotice } from '../../components/error-notice'
import { SelectField } from '../../components/fields/select-field'
import { DayField } from '../../components/fields/day-field'
import { TextField } from '../../components/fields/text-field'
import type { DroppedFile } from './file-drop'

const FIELDS = [
  { key: 'reference', label: 'Order reference', hint: 'Your order number: the merchant reference you sent' },
  { key: 'receipt', label: 'M-Pesa receipt', hint: 'The receipt code, e.g. TKL3AB9XYZ' },
  { key: 'phone', label: 'Phone', hint: 'Any spelling: 0712 345 678, +254712345678' },
  { key: 'amount', label: 'Amount', hint: 'Required' },
  { key: 'date', label: 'Date', hint: 'ISO (2026-11-20) or day/month/year' },
] as const
type Field = (typeof FIELDS)[number]['key']

const UNIT_OPTIONS = [{ value: 'KES', label: 'Shillings (1,500.00)' }, { value: 'cents', label: 'Cents (150000)' }]

/**
 * Which column holds what, suggested from the header (the mapping last used for this header, else
 * guessed from its names), the unit of its amounts and the period; then reconciles and opens the result.
 */
export function MappingForm({ file, suggestion, period }: { file: DroppedFile; suggestion: MappingSuggestion; period: { from: string; to: string } }) {
  const create = useCreateReconciliation()
  const [mapping, setMapping] = useState<Partial<Record<Field, string>>>(suggestion.mapping)
  const [amountUnit, setAmountUnit] = useState<AmountUnit>(suggestion.amountUnit)
  const [name, setName] = useState(file.name.replace(/\.[^.]+$/, ''))
  const [from, setFrom] = useState(period.from)
  const [to, setTo] = useState(period.to)
  const columns = [{ value: '', label: 'Not in this file' }, ...suggestion.columns.map((column) => ({ value: column, label: column }))]
  const submit = () => {
    const chosen = Object.fromEntries(Object.entries(mapping).filter(([, column]) => column)) as Record<Field, string>
    create.mutate(
      { body: { name, csv: file.text, mapping: chosen, amountUnit, from, to, timeZone: displayTimeZone() } },
      { onSuccess: (data) => navigate(pathTo(PATHS.reconciliation, { reconciliationId: data.id })) },
    )
  }
  return (
    <form className="stack" aria-label="Map columns" onSubmit={(event) => { event.preventDefault(); submit() }}>
      <p className="form__note">{suggestion.remembered ? 'The columns as you mapped them last time for a file with this header.' : 'Columns guessed from the header: check them.'}</p>
      <div className="mapping-grid">
        {FIELDS.map((field) => (
          <SelectField key={field.key} label={field.label} hint={field.hint} value={mapping[field.key] ?? ''} options={columns} markOptional={false}
            onChange={(value) => setMapping((current) => ({ ...current, [field.key]: value }))} />
        ))}
        <SelectField label="Amounts are in" value={amountUnit} options={UNIT_OPTIONS} markOptional={false} onChange={(value) => setAmountUnit(value as AmountUnit)} />
      </div>
      <div className="filter-bar">
        <TextField label="Name" value={name} onChange={setName} markOptional={false} />
        <DayField label="From" value={from} onChange={setFrom} markOptional={false} />
        <DayField label="To" value={to} onChange={setTo} markOptional={false} />
      </div>
      {create.isError ? <ErrorNotice error={create.error} title="The file was not reconciled" /> : null}
      <div className="row">
        <button type="submit" className="button button--primary" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? 'Reconciling…' : 'Reconcile'}
        </button>
      </div>
    </form>
  )
}
