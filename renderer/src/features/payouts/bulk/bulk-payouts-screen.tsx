import type { PayoutBatchSummary } from '../../../../../shared/schemas/payout-batches'
import { usePayoutBatches } from '../../../api/hooks/payout-batches'
import { useCan } from '../../../api/hooks/team'
import { PATHS } from '../../../lib/paths'
import { Link, navigate, pathTo } from '../../../lib/router'
import { DataTable } from '../../../components/data-table/data-table'
import { dataTableColumns } from '../../../components/data-table/data-table-features'
import { EmptyState } from '../../../components/empty-state'
import { Money } from '../../../components/money'
import { PageHeader } from '../../../components/page-header'
import { Panel } from '../../../components/panel'
import { QueryView } from '../../../components/query-view'
import { Tag } from '../../../components/status-badge'
import { BATCH_STATUS } from './batch-labels'
import { PayoutFileUpload } from './payout-file-upload'
import { formatIso } from '../../../lib/dates'

const col = dataTableColumns<PayoutBatchSummary>()

const BATCH_COLUMNS = col.columns([
  col.accessor('name', { header: 'Batch', meta: { label: 'Batch', wrap: true }, cell: (info) => <Link to={pathTo(PATHS.payoutBatch, { batchId: info.row.original.id })}>{info.getValue()}</Link> }),
  col.accessor('status', { header: 'Status', meta: { label: 'Status' }, cell: (info) => <Tag tone={BATCH_STATUS[info.getValue()].tone}>{BATCH_STATUS[info.getValue()].label}</Tag> }),
  col.accessor((batch) => batch.totals.validRows, { id: 'rows', header: 'Rows', meta: { label: 'Valid rows of all', align: 'end' }, cell: (info) => `${info.getValue()} of ${info.row.original.totals.rows}` }),
  col.accessor((batch) => batch.totals.amount, { id: 'amount', header: 'Amount', meta: { label: 'Amount', align: 'end' }, cell: (info) => <Money minor={info.getValue()} /> }),
  col.accessor((batch) => batch.totals.fees, { id: 'fees', header: 'Fees', meta: { label: 'Fees', align: 'end' }, cell: (info) => <Money minor={info.getValue()} /> }),
  col.display({
    id: 'progress', header: 'Progress', meta: { label: 'Progress' },
    cell: (info) => {
      const { completed, failed, queued, processing } = info.row.original.progress
      return completed + failed + queued + processing === 0 ? '—' : `${completed} paid, ${failed} failed, ${queued + processing} to go`
    },
  }),
  col.accessor('createdAt', { header: 'Uploaded', meta: { label: 'Uploaded' }, cell: (info) => formatIso(info.getValue()) }),
  col.accessor('runAt', { header: 'Runs at', meta: { label: 'Runs at (scheduled)' }, cell: (info) => formatIso(info.getValue()) }),
])

/** Payouts -> Bulk: upload a file, and the batches so far (the queue of scheduled and running ones first in time). */
export function BulkPayoutsScreen() {
  const batches = usePayoutBatches()
  const canPay = useCan('payments.create')
  return (
    <>
      <PageHeader title="Bulk payouts" description="Pay salaries, suppliers or agents from one file: every row is checked and named before anything moves, then runs as an ordinary payout."
        actions={<Link className="button button--secondary" to={PATHS.payouts}>Single payout</Link>} />
      <div className="grid grid--main-side">
        <Panel title="Batches">
          <QueryView query={batches} loadingLabel="Loading batches…" empty={<EmptyState title="No batches yet">Upload a payout file to preview it.</EmptyState>}>
            {(items) => (
              <DataTable caption="Payout batches" columns={BATCH_COLUMNS} data={items} getRowId={(batch) => batch.id} preferencesKey="payout-batches"
                onRowActivate={(batch) => navigate(pathTo(PATHS.payoutBatch, { batchId: batch.id }))} />
            )}
          </QueryView>
        </Panel>
        {canPay ? (
          <Panel title="Upload a payout file">
            <PayoutFileUpload />
          </Panel>
        ) : null}
      </div>
    </>
  )
}
