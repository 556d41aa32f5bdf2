import { useState, type FormEvent } from 'react'
import { useTransactionLookup } from '../../api/hooks/transactions'
import { PATHS } from '../../app/paths'
import { navigate, pathTo } from '../../app/router'
import { ErrorNotice } from '../../components/error-notice'
import { TextField } from '../../components/fields/text-field'

/**
 * "Find a transaction": paste a transaction id or a merchant reference and open its detail. Support staff
 * usually have one or the other from a customer or merchant, never the date it happened.
 */
export function TransactionLookupForm() {
  const lookup = useTransactionLookup()
  const [value, setValue] = useState('')
  const [blank, setBlank] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (value.trim() === '') {
      setBlank(true)
      return
    }
    lookup.mutate(value, { onSuccess: (tx) => navigate(pathTo(PATHS.transaction, { transactionId: tx.publicId })) })
  }

  return (
    <form className="lookup-form" onSubmit={submit} noValidate aria-label="Find a transaction">
      <div className="lookup-form__row">
        <TextField label="Transaction id or merchant reference" required value={value} spellCheck={false} autoComplete="off"
          placeholder="txn_01… or order-1234" className="lookup-form__field"
          onChange={(v) => { setValue(v); setBlank(false); lookup.reset() }}
          error={blank ? 'is required' : undefined} />
        <button type="submit" className="button button--primary" disabled={lookup.isPending} aria-busy={lookup.isPending}>
          {lookup.isPending ? 'Finding…' : 'Open'}
        </button>
      </div>
      {lookup.isError ? <ErrorNotice error={lookup.error} title="Transaction not found" /> : null}
    </form>
  )
}
