import type { PayoutBatch } from '../../../../../shared/schemas/payout-batches'
import { PATHS } from '../../../lib/paths'
import { Link, pathTo } from '../../../lib/router'
import { Money } from '../../../components/money'
import { Tag } from '../../../components/status-badge'
import { BATCH_STATUS } from './batch-labels'
import { formatIso } from '../../../lib/dates'


/** The batch at a glance: what it pays, what it costs, what the float has left after it, how far the run is. */
export function BatchSummary({ batch }: { batch: PayoutBatch }) {
  const { totals, progress } = batch
  const draft = batch.status === 'draft' || batch.status === 'invalid'
  const done = progress.completed + progress.failed
  const run = progress.queued + progress.processing + done
  return (
    <div className="stack">
      <dl className="facts" data-testid="batch-summary">
        <dt>Status</dt><dd><Tag tone={BATCH_STATUS[batch.status].tone}>{BATCH_STATUS[batch.status].label}</Tag></dd>
        <dt>Rows</dt><dd data-testid="batch-rows">{totals.validRows} valid of {totals.rows}{totals.rows > totals.validRows ? ` (${totals.rows - totals.validRows} invalid, not paid)` : ''}</dd>
        <dt>Amount</dt><dd data-testid="batch-amount"><Money minor={totals.amount} /></dd>
        <dt>Fees</dt><dd data-testid="batch-fees"><Money minor={totals.fees} /></dd>
        <dt>Total from the float</dt><dd><strong><Money minor={totals.amount + totals.fees} /></strong></dd>
        <dt>Float available ({batch.accountNo})</dt><dd>{batch.floatChecked ? <Money minor={batch.floatAvailable} /> : 'not read from the provider yet: cannot be checked'}</dd>
        {draft && batch.floatChecked ? <><dt>Float after</dt><dd data-testid="batch-float-after"><Money minor={batch.floatAvailable - totals.amount - totals.fees} /></dd></> : null}
        {batch.submittedBy ? <><dt>Submitted by</dt><dd>{batch.submittedBy.name}</dd></> : null}
        {batch.runAt ? <><dt>Runs at</dt><dd>{formatIso(batch.runAt)} (simulated clock)</dd></> : null}
        {batch.finishedAt ? <><dt>Finished</dt><dd>{formatIso(batch.finishedAt)}</dd></> : null}
      </dl>
      {!batch.floatSufficient && draft ? <p className="quote__warning" role="alert">The float cannot cover this batch: top up the payouts account, or remove rows, before submitting.</p> : null}
      {batch.duplicateOf ? (
        <p className="quote__warning" role="alert" data-testid="batch-duplicate">
          This file was already uploaded as <Link to={pathTo(PATHS.payoutBatch, { batchId: batch.duplicateOf })}>batch {batch.duplicateOf}</Link>: it runs only if you confirm.
        </p>
      ) : null}
      {run > 0 ? (
        <div className="stack batch-progress" data-testid="batch-progress">
          {/* Paid and failed rows in their own colours: a run with failures does not look all done and well. */}
          <div className="batch-progress__bar" role="progressbar" aria-label="Rows finished" aria-valuemin={0} aria-valuemax={run} aria-valuenow={done}
            aria-valuetext={`${progress.completed} paid, ${progress.failed} failed of ${run}`}>
            <span className="batch-progress__paid" data-testid="progress-paid" style={{ width: `${(100 * progress.completed) / run}%` }} />
            <span className="batch-progress__failed" data-testid="progress-failed" style={{ width: `${(100 * progress.failed) / run}%` }} />
          </div>
          <p>{progress.completed} paid, {progress.failed} failed, {progress.processing} processing, {progress.queued} queued</p>
        </div>
      ) : null}
    </div>
  )
}
