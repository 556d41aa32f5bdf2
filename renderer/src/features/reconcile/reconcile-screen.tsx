import { useState } from 'react'
import type { ReconciliationHead } from '../../../../shared/schemas/reconciliations'
import { useMappingSuggestion, useReconciliations } from '../../api/hooks/reconciliations'
import { useSimulatorState } from '../../api/hooks/simulator'
import { navigate, pathTo } from '../../lib/router'
import { PATHS } from '../../lib/paths'
import { Can } from '../../components/can'
import { DataTable } from '../../components/data-table/data-table'
import { dataTableColumns } from '../../components/data-table/data-table-features'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Timestamp } from '../../components/timestamp'
import { localDay } from '../../lib/dates'
import { FileDrop, type DroppedFile } from './file-drop'
import { MappingForm } from './mapping-form'
import './reconcile.css'

const saved = dataTableColumns<ReconciliationHead>()
const SAVED_COLUMNS = saved.columns([
  saved.accessor('name', { id: 'name', header: 'Name', meta: { label: 'Name' }, sortFn: 'text' }),
  saved.accessor((row) => `${row.from} – ${row.to}`, { id: 'period', header: 'Period', meta: { label: 'Period' }, sortFn: 'text' }),
  saved.accessor((row) => row.summary.fileRows, { id: 'rows', header: 'File rows', meta: { label: 'File rows', align: 'end' }, sortFn: 'basic' }),
  saved.accessor((row) => row.summary.matched, { id: 'matched', header: 'Matched', meta: { label: 'Matched', align: 'end' }, sortFn: 'basic' }),
  saved.accessor('exceptions', { id: 'exceptions', header: 'Exceptions', meta: { label: 'Exceptions', align: 'end' }, sortFn: 'basic' }),
  saved.accessor('createdAt', { id: 'createdAt', header: 'Saved', meta: { label: 'Saved' }, sortFn: 'basic', cell: (info) => <Timestamp ms={info.getValue()} compact /> }),
])
const NEWEST_FIRST = [{ id: 'createdAt', desc: true }]

/** The file's first line: all the mapping needs before the whole file is sent. */
function headerLine(text: string): string {
  const end = text.search(/\r|\n/)
  return (end < 0 ? text : text.slice(0, end)).replace(/^\uFEFF/, '')
}

/** Reconcile: drop a file, map its columns, reconcile; below, the reconciliations already saved. */
export function ReconcileScreen() {
  const [file, setFile] = useState<DroppedFile | null>(null)
  const suggestion = useMappingSuggestion(file ? headerLine(file.text) : null)
  const simulator = useSimulatorState()
  const today = localDay(simulator.data?.now ?? Date.now())
  const list = useReconciliations()
  return (
    <>
      <PageHeader title="Reconcile" description="Match your own records (an order export, a bank or M-Pesa statement) against Paydesk's charges: what is paid, missing, different or paid twice." />
      <div className="stack">
        <Can permission="support.search">
          <Panel title="New reconciliation">
            <div className="stack">
              <FileDrop file={file} onFile={setFile} />
              {file ? (
                <QueryView query={suggestion} loadingLabel="Reading the header…">
                  {(data) => <MappingForm key={`${file.name}:${file.text.length}`} file={file} suggestion={data} period={{ from: `${today.slice(0, 8)}01`, to: today }} />}
                </QueryView>
              ) : null}
            </div>
          </Panel>
        </Can>
        <Panel title="Saved reconciliations">
          <QueryView query={list} loadingLabel="Loading reconciliations…" empty={<EmptyState title="No reconciliation yet">Drop a file above to make the first one.</EmptyState>}>
            {(items) => (
              <DataTable caption="Saved reconciliations" columns={SAVED_COLUMNS} data={items} getRowId={(row) => row.id} initialSorting={NEWEST_FIRST}
                preferencesKey="reconcile.saved" onRowActivate={(row) => navigate(pathTo(PATHS.reconciliation, { reconciliationId: row.id }))} />
            )}
          </QueryView>
        </Panel>
      </div>
    </>
  )
}
