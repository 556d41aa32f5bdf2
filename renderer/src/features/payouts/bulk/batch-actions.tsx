import { useState } from 'react'
import { formatMinor } from '../../../../../shared/money'
import type { PayoutBatch } from '../../../../../shared/schemas/payout-batches'
import { useBatchResults, useRetryFailedRows, useSubmitPayoutBatch } from '../../../api/hooks/payout-batches'
import { useCan } from '../../../api/hooks/team'
import { PATHS } from '../../../lib/paths'
import { Link } from '../../../lib/router'
import { MoneyOnConfirm } from '../../../components/approval-hold'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ErrorNotice } from '../../../components/error-notice'
import { DayField } from '../../../components/fields/day-field'
import { TimeField, isTime } from '../../../components/fields/time-field'
import { isDay } from '../../../../../shared/local-days'
import { displayTimeZone, formatDateTime, zonedInputToMs } from '../../../lib/dates'
import { downloadCsv } from '../../../lib/download'
import { DeleteDraftButton } from './row-editor'

/** When a draft runs: now (the fields empty), or at a day and 24-hour time of the organization's zone. */
function RunAt({ day, time, onDay, onTime, problem }: { day: string; time: string; onDay(day: string): void; onTime(time: string): void; problem: string | null }) {
  return (
    <fieldset className="fieldset">
      <legend>Run at <span className="field__optional">(optional)</span></legend>
      <div className="filter-bar">
        <DayField label="Day" value={day} onChange={onDay} markOptional={false} error={problem ?? undefined} />
        <TimeField label="Time (24-hour)" value={time} onChange={onTime} markOptional={false} />
      </div>
      <p className="form__note">Empty: the batch runs now. A later time runs it on the sandbox's simulated clock, in {displayTimeZone()}.</p>
    </fieldset>
  )
}

/** Why the Run at fields cannot be read, or null (both empty means now). */
function runAtProblem(day: string, time: string): string | null {
  if (day === '' && time === '') return null
  if (!isDay(day)) return 'Type the day as 28/11/2026.'
  if (!isTime(time)) return 'Type the time on the 24-hour clock, as 14:30.'
  return null
}

/** Submit a draft: now, or at a time on the simulated clock; a duplicate file needs an explicit confirmation. */
function SubmitBatch({ batch }: { batch: PayoutBatch }) {
  const submit = useSubmitPayoutBatch()
  const [day, setDay] = useState('')
  const [time, setTime] = useState('')
  const [confirmDuplicate, setConfirmDuplicate] = useState(false)
  const [reviewing, setReviewing] = useState(false)
  const problem = runAtProblem(day, time)
  const runAt = problem === null && day !== '' ? zonedInputToMs(`${day}T${time}`) : null
  const blocked = batch.status !== 'draft' || (batch.duplicateOf !== null && !confirmDuplicate) || problem !== null
  const send = () => submit.mutate({ params: { batchId: batch.id }, body: { ...(runAt !== null ? { runAt: new Date(runAt).toISOString() } : {}), ...(confirmDuplicate ? { confirmDuplicate } : {}) } }, {
    onSettled: () => setReviewing(false),
  })
  return (
    <div className="stack">
      {submit.isError ? <ErrorNotice error={submit.error} title="The batch was not submitted" /> : null}
      <RunAt day={day} time={time} onDay={setDay} onTime={setTime} problem={day === '' && time === '' ? null : problem} />
      {batch.duplicateOf ? (
        <label className="choice"><input type="checkbox" checked={confirmDuplicate} onChange={(event) => setConfirmDuplicate(event.target.checked)} />Pay this file again</label>
      ) : null}
      <div className="form__actions">
        <button type="button" className="button button--primary" disabled={blocked} onClick={() => setReviewing(true)}>Submit batch</button>
      </div>
      <ConfirmDialog open={reviewing} title="Submit this batch?" confirmLabel={`Pay ${batch.totals.validRows} ${batch.totals.validRows === 1 ? 'row' : 'rows'}`} busy={submit.isPending}
        onCancel={() => setReviewing(false)} onConfirm={send}>
        <p>{batch.totals.validRows} {batch.totals.validRows === 1 ? 'payout' : 'payouts'}, KES {formatMinor(batch.totals.amount)} plus KES {formatMinor(batch.totals.fees)} fees from the payouts float{runAt !== null ? `, at ${formatDateTime(runAt)}` : ' now'}. Invalid rows are not paid.</p>
        <MoneyOnConfirm action="bulk-payout" amountMinor={batch.totals.amount} reserved={null} />
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
        {batch.status === 'draft' || batch.status === 'invalid' ? (canPay ? <DeleteDraftButton batch={batch} /> : null) : null}
      </div>
      <ConfirmDialog open={retrying} title="Retry the failed rows?" confirmLabel={`Retry ${batch.progress.failed} ${batch.progress.failed === 1 ? 'row' : 'rows'}`} busy={retry.isPending}
        onCancel={() => setRetrying(false)} onConfirm={() => retry.mutate({ params: { batchId: batch.id } }, { onSettled: () => setRetrying(false) })}>
        <p>Each failed row is paid again as a new payout, with its reference followed by -R1 (-R2 on a second retry). Completed rows are not touched.</p>
      </ConfirmDialog>
    </div>
  )
}
