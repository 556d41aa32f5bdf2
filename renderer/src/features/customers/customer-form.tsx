import { useEffect, useState, type FormEvent } from 'react'
import { formatMinor, parseMajorToMinor } from '../../../../shared/money'
import type { Customer, CustomerStatus } from '../../../../shared/schemas/customers'
import { useRemoveCustomer, useSaveCustomer } from '../../api/hooks/customers'
import { ErrorNotice } from '../../components/error-notice'
import { SelectField } from '../../components/fields/select-field'
import { TextField } from '../../components/fields/text-field'
import { PhoneField } from '../../components/fields/phone-field'
import { phoneForRequest } from '../../forms/phone'

interface Values {
  phoneNumber: string
  name: string
  balance: string
  dailyLimit: string
  status: CustomerStatus
}

const EMPTY: Values = { phoneNumber: '', name: '', balance: '100,000', dailyLimit: '500,000', status: 'active' }

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'blocked', label: 'Blocked (charges and payouts fail, 11)' },
  { value: 'unregistered', label: 'Not registered for M-Pesa (2040)' },
]

function valuesOf(customer: Customer): Values {
  return {
    phoneNumber: customer.phoneNumber, name: customer.name ?? '', balance: formatMinor(customer.balance),
    dailyLimit: formatMinor(customer.dailyLimit), status: customer.status,
  }
}

/**
 * Adds a simulated customer or changes one (PUT /console/customers/{phone}); picking a row of the list
 * loads it here. Amounts are typed in shillings like everywhere in the console.
 */
export function CustomerForm({ selected, onSaved }: { selected?: Customer; onSaved(phoneNumber: string | undefined): void }) {
  const save = useSaveCustomer()
  const remove = useRemoveCustomer()
  const [values, setValues] = useState<Values>(EMPTY)
  const [problems, setProblems] = useState<Partial<Record<keyof Values, string>>>({})
  useEffect(() => setValues(selected ? valuesOf(selected) : EMPTY), [selected])
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const balance = parseMajorToMinor(values.balance)
    const dailyLimit = parseMajorToMinor(values.dailyLimit)
    const found: typeof problems = {}
    if (values.phoneNumber.trim() === '') found.phoneNumber = 'Enter the phone number'
    if (balance === null) found.balance = 'must be an amount in shillings such as 1,250 or 1250.50'
    if (dailyLimit === null) found.dailyLimit = 'must be an amount in shillings such as 1,250 or 1250.50'
    setProblems(found)
    if (Object.keys(found).length > 0 || balance === null || dailyLimit === null) return
    save.mutate(
      { params: { phoneNumber: phoneForRequest(values.phoneNumber) }, body: { name: values.name.trim() === '' ? null : values.name.trim(), balance, dailyLimit, status: values.status } },
      { onSuccess: (customer) => onSaved(customer.phoneNumber) },
    )
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Customer">
      {save.isError ? <ErrorNotice error={save.error} title="The customer was not saved" /> : null}
      {remove.isError ? <ErrorNotice error={remove.error} title="The customer was not removed" /> : null}
      <div className="form__grid">
        <PhoneField label="Phone" required value={values.phoneNumber} onChange={set('phoneNumber')} error={problems.phoneNumber}
          readOnly={selected !== undefined} />
        <TextField label="Name" value={values.name} onChange={set('name')} autoComplete="off" />
        <TextField label="Wallet balance" required prefix="KES" inputMode="decimal" autoComplete="off" value={values.balance} onChange={set('balance')}
          error={problems.balance} hint="A charge above it fails with insufficient funds (1); completed charges debit it, payouts and reversals credit it." />
        <TextField label="Daily limit" required prefix="KES" inputMode="decimal" autoComplete="off" value={values.dailyLimit} onChange={set('dailyLimit')}
          error={problems.dailyLimit} hint="Charges of one simulated day above it fail with 4." />
        <SelectField label="Status" markOptional={false} value={values.status} options={STATUS_OPTIONS} onChange={(v) => set('status')(v)} />
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>{selected ? 'Save customer' : 'Add customer'}</button>
        {selected ? (
          <>
            <button type="button" className="button button--secondary" onClick={() => onSaved(undefined)}>New customer</button>
            <button type="button" className="button button--danger" disabled={remove.isPending}
              onClick={() => remove.mutate({ params: { phoneNumber: selected.phoneNumber } }, { onSuccess: () => onSaved(undefined) })}>
              Remove
            </button>
          </>
        ) : null}
      </div>
    </form>
  )
}
