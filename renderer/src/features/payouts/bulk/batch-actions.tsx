import { useState } from 'react'
import { formatMinor } from '../../../../../shared/money'
import type { PayoutBatch } from '../../../../../shared/schemas/payout-batches'
import { useBatchResults, useRetryFailedRows, useSubmitPayoutBatch } from '../../../api/hooks/payout-batches'
import { useCan } from '../../../api/hooks/team'
import { PATHS } from '../../../lib/paths'
import { Link } from '../../../lib/router'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ErrorNotice } from '../../../components/error-notice'
import { TextField } from '../../../components/fields/text-field'
import { formatDateTime, zonedInputToMs } from '../../../lib/dates'
import { downloadCsv } from '../../../lib/download'

/** Submit a draft: now, or at a time on the simulated clock; a duplicate file needs an explicit confirmation. */
function SubmitBatch({ batch }: { batch: PayoutBatch }) {
  const submit = useSubmitPayoutBatch()
  const [later, setLater] = useState(false)
  const [runAt, setRunAt] = useState('')
  const [confirmDuplicate, setConfirmDuplicate] = useState(false)
  const [reviewing, setReviewing] = useState(false)
  const blocked = batch.status !== 'draft' || (batch.duplicateOf !== null && !confirmDuplicate) || (later && runAt === '')
  const send = () => submit.mutate({ params: { batchId: batch.id }, body: { ...(later ? { runAt: new Date(zonedInputToMs(runAt)).toISOString() } : {}), ...(confirmDuplicate ? { confirmDuplicate } : {}) } }, {
    onSettled: () => setReviewing(false),
  })
  return (
    <div className="stack">
      {submit.isError ? <ErrorNotice error={submit.error} title="The batch was not submitted" /> : null}
      <fieldset className="fieldset">
        <legend>When</legend>
        <div className="choice-row">
          <label className="choice"><input type="radio" name="batch-when" checked={!later} onChange={() => setLater(false)} />Run now</label>
          <label className="choice"><input type="radio" name="batch-when" checked={later} onChange={() => setLater(true)} />Schedule</label>
        </div>
        {later ? <TextField label="Run at" type="datetime-local" value={runAt} onChange={setRunAt} hint="On the sandbox's simulated clock, in the organization's time zone." /> : null}
      </fieldset>
      {batch.duplicateOf ? (
        <label className="choice"><input type="checkbox" checked={confirmDuplicate} onChange={(event) => setConfirmDuplicate(event.target.checked)} />Pay this file again</label>
      ) : null}
      <div className="form__actions">
        <button type="button" className="button button--primary" disabled={blocked} onClick={() => setReviewing(true)}>Submit batch</button>
      </div>
      <ConfirmDialog open={reviewing} title="Submit this batch?" confirmLabel={`Pay ${batch.totals.validRows} rows`} busy={submit.isPending}
        onCancel={() => setReviewing(false)} onConfirm={send}>
        <p>{batch.totals.validRows} payouts, KES {formatMinor(batch.totals.amount)} plus KES {formatMinor(batch.totals.fees)} fees from the payouts float{later && runAt ? `, at ${formatDateTime(zonedInputToMs(runAt))}` : ' now'}. Invalid rows are not paid.</p>
      </ConfirmDialog>
    </div>
  )
}

/** Where the batch stands with the team's approval policy: sent for approval, or turned down (a draft again). */
function ApprovalNotice({ batch }: { batch: PayoutBatch }) {
  const { approval } = batch
  if (!approval) return null
  if (batch.status === 'awaiting_approval') {
    return <p className="notice notice--info" role="status" data-testid="batch-approval">Sent for approval: the batch runs once it is approved (<Link to={PATHS.approvals}>Approvals</Link>).</p>
  }
  if (batch.status !== 'draft') return null
  const why = approval.status === 'rejected' ? 'was rejected' : approval.status === 'expired' ? 'expired' : 'was refused when it ran'
  return <p className="quote__warning" role="status" data-testid="batch-approval">Its approval {why}: nothing was sent. Submit it again to ask anew.</p>
}

/** Retry failed rows (new payouts, references with -R1…), and the results file. */
export function BatchActions({ batch }: { batch: PayoutBatch }) {
  const retry = useRetryFailedRows()
  const results = useBatchResults()
  const [retrying, setRetrying] = useState(false)
  const canPay = useCan('payments.create')
  const download = () => results.mutate({ params: { batchId: batch.id } }, { onSuccess: (text) => downloadCsv(text, `${batch.id}-results.csv`) })
  return (
    <div className="stack">
      <ApprovalNotice batch={batch} />
      {batch.status === 'draft' && canPay ? <SubmitBatch batch={batch} /> : null}
      {retry.isError ? <ErrorNotice error={retry.error} title="The failed rows were not retried" /> : null}
      {results.isError ? <ErrorNotice error={results.error} title="The results file could not be made" /> : null}
      <div className="form__actions">
        {batch.status === 'completed_with_failures' && canPay ? (
          <button type="button" className="button button--secondary" onClick={() => setRetrying(true)}>Retry failed rows ({batch.progress.failed})</button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={download} disabled={results.isPending}>Download results</button>
      </div>
      <ConfirmDialog open={retrying} title="Retry the failed rows?" confirmLabel={`Retry ${batch.progress.failed} rows`} busy={retry.isPending}
        onCancel={() => setRetrying(false)} onConfirm={() => retry.mutate({ params: { batchId: batch.id } }, { onSettled: () => setRetrying(false) })}>
        <p>Each failed row is paid again as a new payout, with its reference followed by -R1 (-R2 on a second retry). Completed rows are not touched.</p>
      </ConfirmDialog>
    </div>
  )
}
