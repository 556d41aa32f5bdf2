import { useMemo } from 'react'
import type { PayoutBatch } from '../../../../../shared/schemas/payout-batches'
import { usePayoutBatch } from '../../../api/hooks/payout-batches'
import { PATHS } from '../../../lib/paths'
import { Link, navigate, pathTo } from '../../../lib/router'
import type { ScreenProps } from '../../../lib/screen-props'
import { DataTable } from '../../../components/data-table/data-table'
import { PageHeader } from '../../../components/page-header'
import { Panel } from '../../../components/panel'
import { QueryView } from '../../../components/query-view'
import { BatchActions } from './batch-actions'
import { useCan } from '../../../api/hooks/team'
import { batchRowColumns, rowsForReview } from './batch-row-columns'
import { BatchSummary } from './batch-summary'
import { useRowEditing } from './row-editor'

/**
 * Name, why, amount and reference first: the line, payout and receipt wait behind Columns (a row opens its
 * payout when clicked), on a narrow window the phone and fee too.
 */
const HIDDEN = ['line', 'transactionId', 'receipt']
const NARROW_HIDDEN = ['recipient', 'fee']

function BatchRows({ batch }: { batch: PayoutBatch }) {
  const rows = useMemo(() => rowsForReview(batch.rows), [batch.rows])
  const canPay = useCan('payments.create')
  const { actions, dialogs } = useRowEditing(batch)
  const editable = canPay && actions !== null
  // Stable columns (TanStack v9): the actions are state setters, so only whether rows are editable matters.
  const columns = useMemo(() => batchRowColumns(editable ? actions : null), [editable])
  return (
    <div className="stack">
      {batch.unusedColumns.length > 0 ? (
        <p className="form__note" data-testid="batch-unused-columns">
          Not used: {batch.unusedColumns.map((column, index) => <span key={column}>{index > 0 ? ', ' : ''}<code>{column}</code></span>)} (kept in your file; Paydesk pays from the phone, amount, name, reference and narration columns).
        </p>
      ) : null}
      {dialogs}
      <DataTable caption="Rows of the batch" columns={columns} data={rows} getRowId={(row) => String(row.line)} preferencesKey="payout-batch-rows" initialHidden={HIDDEN} narrowHidden={NARROW_HIDDEN}
        onRowActivate={(row) => { if (row.transactionId) navigate(pathTo(PATHS.transaction, { transactionId: row.transactionId })) }} />
    </div>
  )
}

/** One batch: the preview before it runs (invalid rows first, with reasons), its live progress, retries and results. */
export function PayoutBatchScreen({ params }: ScreenProps) {
  const batchId = params['batchId'] ?? ''
  const batch = usePayoutBatch(batchId)
  return (
    <>
      <PageHeader title={batch.data ? batch.data.name : 'Payout batch'} description={<>Batch <code>{batchId}</code></>}
        actions={<Link className="button button--secondary" to={PATHS.payoutsBulk}>All batches</Link>} />
      <QueryView query={batch} loadingLabel="Loading the batch…">
        {(data) => (
          <div className="stack">
            <div className="grid grid--main-side">
              <Panel title="Summary"><BatchSummary batch={data} /></Panel>
              <Panel title="Run"><BatchActions batch={data} /></Panel>
            </div>
            <Panel title="Rows"><BatchRows batch={data} /></Panel>
          </div>
        )}
      </QueryView>
    </>
  )
}
