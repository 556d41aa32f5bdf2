import { useMemo } from 'react'
import { AccountTypeSchema } from '../../../../shared/schemas/common'
import type { TransactionsQuerySchema } from '../../../../shared/schemas/requests'
import { useAccounts } from '../../api/hooks/accounts'
import { useConsoleInfo } from '../../api/hooks/console'
import { SelectField } from '../../components/fields/select-field'
import { TextField } from '../../components/fields/text-field'
import type { SchemaForm } from '../../forms/use-schema-form'
import type { TransactionFilters } from '../../stores/transaction-filters-store'

const ACCOUNT_TYPE_OPTIONS = AccountTypeSchema.options.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))
const MORE_FIELDS = ['accountType', 'accountNo', 'customerId', 'shortcode'] as const

export type FiltersForm = SchemaForm<TransactionFilters, typeof TransactionsQuerySchema>

/** Whether a filter behind "More filters" holds a value or an error (then the row stays open). */
export function moreFiltersInUse(form: FiltersForm): boolean {
  return MORE_FIELDS.some((field) => (form.values[field] !== '' && form.values[field] !== undefined) || form.error(field) !== undefined)
}

/** The filters of GET /v1/transactions that narrow by account, customer or shortcode, and Reset. */
export function MoreFilters({ form, id, hidden, onReset }: { form: FiltersForm; id: string; hidden: boolean; onReset(): void }) {
  const accounts = useAccounts()
  const info = useConsoleInfo()
  const { values, setValue, touch, error } = form
  const accountOptions = useMemo(
    () => (accounts.data ?? []).map((account) => ({ value: account.accountNo, label: `${account.name} · ${account.accountNo}` })),
    [accounts.data],
  )
  const shortcodes = info.data?.organization.shortcodes ?? []
  return (
    <div className="filter-bar" id={id} hidden={hidden}>
      <SelectField markOptional={false} label="Account type" value={values.accountType} options={ACCOUNT_TYPE_OPTIONS} placeholder="Collections and payouts"
        onChange={(v) => setValue('accountType', v as TransactionFilters['accountType'])} error={error('accountType')} />
      <SelectField markOptional={false} label="Account" value={values.accountNo} options={accountOptions} placeholder="Any account"
        onChange={(v) => setValue('accountNo', v)} error={error('accountNo')} />
      <TextField markOptional={false} label="Customer id" value={values.customerId} spellCheck={false} autoComplete="off"
        onChange={(v) => setValue('customerId', v)} onBlur={() => touch('customerId')} error={error('customerId')}
        hint="The customerId sent with the request" />
      <TextField markOptional={false} label="Shortcode" value={values.shortcode} inputMode="numeric" spellCheck={false} autoComplete="off"
        onChange={(v) => setValue('shortcode', v)} onBlur={() => touch('shortcode')} error={error('shortcode')}
        hint={shortcodes.length > 0 ? `Enterprise; yours: ${shortcodes.join(', ')}` : 'Enterprise organizations only'} />
      <div className="filter-bar__actions">
        <button type="button" className="button button--secondary" onClick={onReset}>Reset filters</button>
      </div>
    </div>
  )
}
