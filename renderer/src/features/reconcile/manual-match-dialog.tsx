import { useEffect, useId, useRef, useState } from 'react'
import type { Transaction } from '../../../../shared/schemas/transaction'
import { useMatchByHand } from '../../api/hooks/reconciliations'
import { useSearch } from '../../api/hooks/support'
import { ErrorNotice } from '../../components/error-notice'
import { TextField } from '../../components/fields/text-field'
import { Money } from '../../components/money'
import { StatusBadge } from '../../components/status-badge'
import type { ItemRow } from './item-columns'
import { formatMinor } from '../../../../shared/money'
import { localDay } from '../../lib/dates'

/** The charges a search found, without repeats (a charge can match by phone and by amount). */
function foundCharges(groups: { items: Transaction[] }[] | undefined): Transaction[] {
  const seen = new Map<string, Transaction>()
  for (const group of groups ?? []) for (const transaction of group.items) if (transaction.type === 'charge') seen.set(transaction.publicId, transaction)
  return [...seen.values()]
}

function ChargeChoice({ transactionId, transaction, chosen, onChoose }: { transactionId: string; transaction?: Transaction; chosen: boolean; onChoose(): void }) {
  return (
    <label className={chosen ? 'match-choice match-choice--chosen' : 'match-choice'}>
      <input type="radio" name="charge" checked={chosen} onChange={onChoose} aria-label={transactionId} />
      <code>{transactionId}</code>
      {transaction ? (
        <>
          <Money minor={transaction.amount} />
          <span>{transaction.phoneNumber ?? ''}</span>
          <span>{transaction.merchantTransactionId ?? ''}</span>
          <StatusBadge status={transaction.status} />
        </>
      ) : null}
    </label>
  )
}

/** A row with no candidates of its own is looked for by its phone (when the file has one) and amount. */
function suggestedQuery(row: ItemRow | null): string {
  if (!row || row.candidates.length > 0 || row.fileAmount === null) return ''
  return [row.filePhone, formatMinor(row.fileAmount)].filter(Boolean).join(' ')
}

/** A charge made within the reconciliation's period (its local days, the organization's zone). */
const inPeriod = (transaction: Transaction, period: { from: string; to: string }) => {
  const day = localDay(transaction.createdAt)
  return day >= period.from && day <= period.to
}

/**
 * Matches one file row to a charge by hand: the row's candidates first (an ambiguous row), then any charge a
 * search finds (phone, amount, receipt, reference: the console's search), with a note saying why.
 */
export function ManualMatchDialog({ reconciliationId, row, period, onClose }: { reconciliationId: string; row: ItemRow | null; period: { from: string; to: string }; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  const [query, setQuery] = useState('')
  const [chosen, setChosen] = useState<string | null>(null)
  const [note, setNote] = useState('')
  const match = useMatchByHand()
  const search = useSearch(query)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (row && !dialog.open) dialog.showModal()
    if (!row && dialog.open) dialog.close()
    setQuery(suggestedQuery(row))
    setChosen(null)
    setNote('')
    match.reset()
    // Only when another row is opened (or the dialog closes): `match` changes with every render.
  }, [row])
  // The suggestion (same phone and amount) keeps the charges of the period; a query typed by hand keeps all it finds.
  const suggesting = query !== '' && query === suggestedQuery(row)
  const found = foundCharges(search.data?.groups).filter((transaction) => !row?.candidates.includes(transaction.publicId) && (!suggesting || inPeriod(transaction, period)))
  const submit = () => {
    if (!row || row.line === null || !chosen) return
    match.mutate({ params: { id: reconciliationId }, body: { line: row.line, transactionId: chosen, ...(note.trim() ? { note: note.trim() } : {}) } }, { onSuccess: onClose })
  }
  return (
    <dialog ref={ref} className="dialog match-dialog" aria-labelledby={`${id}-title`} onCancel={(event) => { event.preventDefault(); onClose() }}>
      <h2 className="dialog__title" id={`${id}-title`}>Match line {row?.line} by hand</h2>
      <form className="stack" onSubmit={(event) => { event.preventDefault(); submit() }}>
        <p className="form__note">File amount <Money minor={row?.fileAmount} />{row?.note ? ` · ${row.note}` : ''}</p>
        {row && row.candidates.length > 0 ? (
          <fieldset className="match-list"><legend>Candidates</legend>
            {row.candidates.map((candidate) => <ChargeChoice key={candidate} transactionId={candidate} chosen={chosen === candidate} onChoose={() => setChosen(candidate)} />)}
          </fieldset>
        ) : null}
        <TextField label="Find a charge" value={query} onChange={setQuery} markOptional={false} autoComplete="off" hint="Phone, amount, receipt, order reference or Paydesk id" />
        {found.length > 0 ? (
          <fieldset className="match-list"><legend>{suggesting ? `Suggested: the same amount${row?.filePhone ? ' and phone' : ''} in the period` : 'Search results'}</legend>
            {found.map((transaction) => (
              <ChargeChoice key={transaction.publicId} transactionId={transaction.publicId} transaction={transaction} chosen={chosen === transaction.publicId} onChoose={() => setChosen(transaction.publicId)} />
            ))}
          </fieldset>
        ) : query.trim() && search.data ? <p className="form__note">No charge found for “{query.trim()}”.</p> : null}
        <TextField label="Note" value={note} onChange={setNote} hint="Why these belong together (kept with the match)" />
        {match.isError ? <ErrorNotice error={match.error} title="Not matched" /> : null}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
          <button type="submit" className="button button--primary" disabled={!chosen || match.isPending}>{match.isPending ? 'Matching…' : 'Match'}</button>
        </div>
      </form>
    </dialog>
  )
}
