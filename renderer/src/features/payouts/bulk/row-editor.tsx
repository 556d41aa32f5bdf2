import { useState, type ReactNode } from 'react'
import { formatMinor } from '../../../../../shared/money'
import type { PayoutBatch, PayoutBatchRow, PayoutBatchRowCorrection } from '../../../../../shared/schemas/payout-batches'
import { useCorrectBatchRow, useDeletePayoutBatch, useDropBatchRow } from '../../../api/hooks/payout-batches'
import { PATHS } from '../../../lib/paths'
import { navigate } from '../../../lib/router'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ErrorNotice } from '../../../components/error-notice'
import { TextField } from '../../../components/fields/text-field'
import type { RowActions } from './batch-row-columns'

type Cells = Required<Omit<PayoutBatchRowCorrection, 'type'>>

/** The row's cells as the file had them, as far as the batch kept them (an amount it could not read is blank). */
function cellsOf(row: PayoutBatchRow): Cells {
  const [bankCode = '', accountNumber = ''] = row.type === 'bank' ? (row.recipient ?? '').split('/') : []
  return {
    phoneNumber: row.type === 'mobile' ? row.recipient ?? '' : '', amount: row.amount === null ? '' : formatMinor(row.amount), reference: row.reference ?? '',
    narration: row.narration ?? '', name: row.intendedName ?? '', bankCode, accountNumber, accountName: '',
  }
}

/** A row's cells in a dialog: saved, the row is checked again and the batch's totals follow. */
function CorrectRowDialog({ batch, row, onClose }: { batch: PayoutBatch; row: PayoutBatchRow; onClose(): void }) {
  const correct = useCorrectBatchRow()
  const [cells, setCells] = useState<Cells>(() => cellsOf(row))
  const field = (key: keyof Cells, label: string, optional = false) => (
    <TextField label={label} value={cells[key]} onChange={(value) => setCells((current) => ({ ...current, [key]: value }))} required={!optional} autoComplete="off" />
  )
  const save = () => correct.mutate({ params: { batchId: batch.id, line: String(row.line) }, body: { type: row.type, ...cells } }, { onSuccess: onClose })
  return (
    <ConfirmDialog open title={`Correct line ${row.line}`} confirmLabel="Check and save" busy={correct.isPending} onCancel={onClose} onConfirm={save}>
      <div className="stack">
        {row.errors.length > 0 ? <p className="form__note">Now: {row.errors.join('; ')}</p> : null}
        {row.type === 'mobile' ? field('phoneNumber', 'Phone') : <>{field('bankCode', 'Bank code')}{field('accountNumber', 'Account number')}</>}
        {field('amount', 'Amount (KES)')}
        {field('name', 'Name in the file', true)}
        {field('reference', 'Reference', true)}
        {field('narration', 'Narration', true)}
        {correct.isError ? <ErrorNotice error={correct.error} title="The row was not saved" /> : null}
      </div>
    </ConfirmDialog>
  )
}

/** Correct and Drop for a draft's rows: the dialogs they open, and the actions the rows' buttons call. */
export function useRowEditing(batch: PayoutBatch): { actions: RowActions | null; dialogs: ReactNode } {
  const drop = useDropBatchRow()
  const [editing, setEditing] = useState<PayoutBatchRow | null>(null)
  const [dropping, setDropping] = useState<PayoutBatchRow | null>(null)
  const draft = batch.status === 'draft' || batch.status === 'invalid'
  const confirmDrop = () => dropping && drop.mutate({ params: { batchId: batch.id, line: String(dropping.line) } }, { onSettled: () => setDropping(null) })
  const dialogs = (
    <>
      {drop.isError ? <ErrorNotice error={drop.error} title="The row was not dropped" /> : null}
      {editing ? <CorrectRowDialog batch={batch} row={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog open={dropping !== null} title={`Drop line ${dropping?.line ?? ''}?`} confirmLabel="Drop the row" tone="danger" busy={drop.isPending}
        onCancel={() => setDropping(null)} onConfirm={confirmDrop}>
        <p>{dropping ? `${dropping.recipientName ?? dropping.recipient ?? 'This row'}${dropping.amount === null ? '' : `, KES ${formatMinor(dropping.amount)}`}` : ''} is left out of the batch and is not paid. The totals follow.</p>
      </ConfirmDialog>
    </>
  )
  return { actions: draft && batch.rows.length > 0 ? { edit: setEditing, drop: setDropping } : null, dialogs }
}

/** Delete a draft that will not be paid (a file uploaded by mistake, or uploaded again). */
export function DeleteDraftButton({ batch }: { batch: PayoutBatch }) {
  const remove = useDeletePayoutBatch()
  const [asking, setAsking] = useState(false)
  const confirm = () => remove.mutate({ params: { batchId: batch.id } }, { onSuccess: () => navigate(PATHS.payoutsBulk), onSettled: () => setAsking(false) })
  return (
    <>
      {remove.isError ? <ErrorNotice error={remove.error} title="The batch was not deleted" /> : null}
      <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>Delete draft</button>
      <ConfirmDialog open={asking} title="Delete this draft?" confirmLabel="Delete the draft" tone="danger" busy={remove.isPending} onCancel={() => setAsking(false)} onConfirm={confirm}>
        <p>{batch.name}: {batch.totals.rows} rows, nothing paid. The batch and its rows are removed.</p>
      </ConfirmDialog>
    </>
  )
}
