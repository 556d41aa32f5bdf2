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
import { BATCH_ROW_COLUMNS, rowsForReview } from './batch-row-columns'
import { BatchSummary } from './batch-summary'

function BatchRows({ batch }: { batch: PayoutBatch }) {
  const rows = useMemo(() => rowsForReview(batch.rows), [batch.rows])
  return (
    <DataTable caption="Rows of the batch" columns={BATCH_ROW_COLUMNS} data={rows} getRowId={(row) => String(row.line)} preferencesKey="payout-batch-rows"
      onRowActivate={(row) => { if (row.transactionId) navigate(pathTo(PATHS.transaction, { transactionId: row.transactionId })) }} />
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
