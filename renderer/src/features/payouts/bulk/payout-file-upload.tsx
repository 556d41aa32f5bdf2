import { useId, useState, type DragEvent } from 'react'
import { useCreatePayoutBatch } from '../../../api/hooks/payout-batches'
import { navigate, pathTo } from '../../../lib/router'
import { PATHS } from '../../../lib/paths'
import { ErrorNotice } from '../../../components/error-notice'
import { TextField } from '../../../components/fields/text-field'
import { downloadCsv } from '../../../lib/download'
import { PAYOUT_TEMPLATE } from './batch-labels'

/**
 * Upload a payout file: the template to start from, a name, and the file (dropped or chosen). The engine
 * checks every row and answers the preview; nothing is paid until the batch is submitted.
 */
export function PayoutFileUpload() {
  const create = useCreatePayoutBatch()
  const [name, setName] = useState('')
  const [dragging, setDragging] = useState(false)
  const inputId = useId()

  const upload = async (file: File | undefined) => {
    if (!file) return
    const csv = await file.text()
    const batchName = name.trim() || file.name.replace(/\.[^.]+$/, '').slice(0, 100) || 'Payout file'
    create.mutate({ body: { name: batchName, csv } }, {
      onSuccess: (batch) => navigate(pathTo(PATHS.payoutBatch, { batchId: batch.id })),
    })
  }
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault()
    setDragging(false)
    void upload(event.dataTransfer.files[0])
  }

  return (
    <div className="stack">
      <p className="form__note">
        A header row, then one payout per row: <code>phoneNumber</code>, <code>amount</code> (1500, 1,500.00 or KES 1,500), optional <code>reference</code> and{' '}
        <code>narration</code>; a name column (name, employee, recipient or payee) is checked against the registered name. Bank rows with <code>type</code> bank, <code>bankCode</code>, <code>accountNumber</code>, <code>accountName</code>. Columns in any order; other columns are kept and not used. Up to 10,000 rows.
      </p>
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={() => downloadCsv(PAYOUT_TEMPLATE, 'payout-template.csv')}>Download template</button>
      </div>
      <TextField label="Batch name" value={name} onChange={setName} placeholder="Taken from the file name" autoComplete="off" />
      {create.isError ? <ErrorNotice error={create.error} title="The file was refused" /> : null}
      <label htmlFor={inputId} className={dragging ? 'file-drop file-drop--active' : 'file-drop'} data-testid="payout-file-drop"
        onDragOver={(event) => { event.preventDefault(); setDragging(true) }} onDragLeave={() => setDragging(false)} onDrop={onDrop}>
        <strong>{create.isPending ? 'Checking the file…' : 'Drop a CSV file here'}</strong>
        <span>or click to choose one</span>
        <input id={inputId} type="file" accept=".csv,text/csv,text/plain" className="visually-hidden" aria-label="Payout file"
          onChange={(event) => { void upload(event.target.files?.[0]); event.target.value = '' }} disabled={create.isPending} />
      </label>
    </div>
  )
}
