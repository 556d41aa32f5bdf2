import { useEffect, useId, useState } from 'react'
import { TransactionStatusSchema, TransactionTypeSchema } from '../../../../shared/schemas/common'
import { TransactionsQuerySchema } from '../../../../shared/schemas/requests'
import { SelectField } from '../../components/fields/select-field'
import { DayField } from '../../components/fields/day-field'
import { useSchemaForm } from '../../forms/use-schema-form'
import { DEFAULT_TRANSACTION_FILTERS, type DatePreset, type TransactionFilters } from '../../stores/transaction-filters-store'
import { DATE_PRESET_LABELS } from '../../stores/date-range'
import { MoreFilters, moreFiltersInUse } from './more-filters'
import { filterDays, filtersToQuery } from './transaction-query'
import { TRANSACTION_TYPE_LABELS } from '../../lib/transaction-labels'

const PRESET_OPTIONS = (Object.keys(DATE_PRESET_LABELS) as DatePreset[]).map((value) => ({ value, label: DATE_PRESET_LABELS[value] }))
const TYPE_OPTIONS = TransactionTypeSchema.options.map((value) => ({ value, label: TRANSACTION_TYPE_LABELS[value] }))
const STATUS_OPTIONS = TransactionStatusSchema.options.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))

export interface TransactionFiltersFormProps {
  applied: TransactionFilters
  /** The sandbox's simulated now: presets count days back from its local day. */
  nowMs: number
  onApply(filters: TransactionFilters): void
  /** The list's API error, shown against the field it names (an unknown accountNo, a foreign shortcode). */
  apiError: unknown
}

/** A pause in typing before text filters apply: a 10,000-row answer per keystroke would be wasted. */
const APPLY_DELAY_MS = 400

const sameFilters = (a: TransactionFilters, b: TransactionFilters) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The filters of the Transactions screen as a compact bar above the list: period (preset or custom local
 * days), type and status; the other filters of GET /v1/transactions behind "More filters". Checked with
 * the API's own query schema and applied as they change, once valid (a date only once it is a whole date;
 * text after a pause in typing); Search (or Enter) applies at once and shows what is wrong.
 */
export function TransactionFiltersForm({ applied, nowMs, onApply, apiError }: TransactionFiltersFormProps) {
  const form = useSchemaForm({
    initialValues: applied,
    schema: TransactionsQuerySchema,
    toRequest: (values: TransactionFilters) => ({ request: filtersToQuery(values, nowMs), errors: rangeErrors(values, nowMs) }),
    apiPaths: { from: 'startDate', to: 'endDate' },
  })
  const { values, setValue, touch, error } = form
  const days = filterDays(values, nowMs)

  useEffect(() => {
    // Runs for a new error only; setApiError is stable.
    if (apiError) form.setApiError(apiError)
  }, [apiError, form.setApiError])

  const valid = Object.keys(form.errors).length === 0
  useEffect(() => {
    if (!valid || sameFilters(values, applied)) return
    const typing = values.customerId !== applied.customerId || values.shortcode !== applied.shortcode
    const timer = setTimeout(() => onApply(values), typing ? APPLY_DELAY_MS : 0)
    return () => clearTimeout(timer)
  }, [values, valid, applied, onApply])

  /** Editing a day turns a preset into a custom range that starts from the days the preset showed. */
  const setDay = (field: 'from' | 'to', day: string) => {
    if (values.preset !== 'custom') {
      setValue('preset', 'custom')
      setValue(field === 'from' ? 'to' : 'from', field === 'from' ? days.to : days.from)
    }
    setValue(field, day)
  }

  const reset = () => {
    form.reset(DEFAULT_TRANSACTION_FILTERS)
    onApply(DEFAULT_TRANSACTION_FILTERS)
  }

  // "More filters" opens by itself when one of its fields holds a value or an error, so nothing that
  // narrows the list is ever hidden.
  const moreId = useId()
  const [moreOpen, setMoreOpen] = useState(false)
  const moreInUse = moreFiltersInUse(form)
  const showMore = moreOpen || moreInUse

  return (
    <form className="form transaction-filters" onSubmit={form.handleSubmit(() => onApply(values))} ref={form.formRef} noValidate aria-label="Search transactions">
      <div className="filter-bar">
        <SelectField label="Period" required value={values.preset} options={PRESET_OPTIONS}
          onChange={(v) => setValue('preset', v as DatePreset)} />
        <DayField label="From" required value={days.from}
          onChange={(v) => setDay('from', v)} onBlur={() => touch('startDate')} error={error('startDate')} />
        <DayField label="To" required value={days.to}
          onChange={(v) => setDay('to', v)} onBlur={() => touch('endDate')} error={error('endDate')} />
        <SelectField markOptional={false} label="Type" value={values.type} options={TYPE_OPTIONS} placeholder="Any type"
          onChange={(v) => setValue('type', v as TransactionFilters['type'])} error={error('type')} />
        <SelectField markOptional={false} label="Status" value={values.status} options={STATUS_OPTIONS} placeholder="Any status"
          onChange={(v) => setValue('status', v as TransactionFilters['status'])} error={error('status')} />
        <div className="filter-bar__actions">
          <button type="submit" className="button button--primary">Search</button>
          <button type="button" className="button button--secondary" aria-expanded={showMore} aria-controls={moreId}
            disabled={moreInUse} onClick={() => setMoreOpen(!moreOpen)}>More filters</button>
        </div>
      </div>
      <MoreFilters form={form} id={moreId} hidden={!showMore} onReset={reset} />
    </form>
  )
}

/** What the schema cannot see once days became instants: a range that ends before it starts. */
function rangeErrors(values: TransactionFilters, nowMs: number): Record<string, string> {
  const { from, to } = filterDays(values, nowMs)
  return from && to && from > to ? { endDate: 'must not be before From' } : {}
}
