import type { z } from 'zod'
import type { UpstreamChangeSchema } from '../../../../shared/schemas/upstream'
import { useUpstreamChanges } from '../../api/hooks/upstream'
import { Link, pathTo } from '../../lib/router'
import { PATHS } from '../../lib/paths'
import { DataTable } from '../../components/data-table/data-table'
import { dataTableColumns } from '../../components/data-table/data-table-features'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Timestamp } from '../../components/timestamp'

type Change = z.infer<typeof UpstreamChangeSchema>

const col = dataTableColumns<Change>()
const COLUMNS = col.columns([
  col.accessor('seenAt', { id: 'seenAt', header: 'Seen', meta: { label: 'Seen' }, sortFn: 'basic', cell: (info) => <Timestamp ms={info.getValue()} /> }),
  col.accessor('transactionId', {
    id: 'transactionId', header: 'Transaction', meta: { label: 'Transaction' }, sortFn: 'text',
    cell: (info) => <Link to={pathTo(PATHS.transaction, { transactionId: info.getValue() })}><code>{info.getValue()}</code></Link>,
  }),
  col.accessor('field', { id: 'field', header: 'Field', meta: { label: 'Field' }, sortFn: 'text', cell: (info) => info.getValue() }),
  col.accessor((c) => c.from ?? '—', { id: 'from', header: 'Was', meta: { label: 'Was' }, sortFn: 'text', cell: (info) => info.getValue() }),
  col.accessor((c) => c.to ?? '—', { id: 'to', header: 'Now', meta: { label: 'Now' }, sortFn: 'text', cell: (info) => info.getValue() }),
])
const NEWEST_FIRST = [{ id: 'seenAt', desc: true }]
const rowId = (change: Change) => `${change.transactionId}:${change.field}:${change.seenAt}`

/**
 * What the provider changed after a transaction was first mirrored (a late reversal, settlement or failure),
 * newest first: the feed notifications are raised from (docs/upstream.md).
 */
export function ProviderChangesScreen() {
  const changes = useUpstreamChanges()
  return (
    <>
      <PageHeader title="Provider changes" description="Changes the provider made to transactions after Paydesk first mirrored them: late failures, reversals and settlements, newest first." />
      <Panel title="Changes seen">
        <QueryView query={changes} loadingLabel="Loading changes…">
          {(data) => data.items.length === 0
            ? <EmptyState title="No changes seen yet" />
            : <DataTable caption="Provider changes" columns={COLUMNS} data={data.items} getRowId={rowId} initialSorting={NEWEST_FIRST} preferencesKey="upstream.changes" />}
        </QueryView>
      </Panel>
    </>
  )
}
