import { formatDay } from '../../lib/dates'
import { useMemo, useRef, useState } from 'react'
import { useExportReconciliation, useReconciliation, useUndoMatch, type ItemFilter } from '../../api/hooks/reconciliations'
import { useCan } from '../../api/hooks/team'
import type { ScreenProps } from '../../lib/screen-props'
import { Link } from '../../lib/router'
import { PATHS } from '../../lib/paths'
import { DataTable } from '../../components/data-table/data-table'
import { EmptyState } from '../../components/empty-state'
import { ErrorNotice } from '../../components/error-notice'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { itemColumns, type ItemActions, type ItemRow } from './item-columns'
import { ManualMatchDialog } from './manual-match-dialog'
import { SummaryCards } from './summary-cards'
import '../../components/transactions/transactions.css'
import './reconcile.css'

const FILTER_TITLES: Record<ItemFilter, string> = {
  exceptions: 'Exceptions', all: 'Every item', matched: 'Matched', amount_mismatch: 'Amount differs', missing_in_paydesk: 'Missing in Paydesk',
  missing_in_file: 'Missing in file', duplicate: 'Duplicates', ambiguous: 'Ambiguous',
}

/** One reconciliation: summary cards, its exceptions first, matching by hand (and undo), CSV export. */
/** The outcome, references, amounts and note come first: the line and candidates (listed in Match by hand) wait behind Columns, on a narrow window the transaction id too. */
const HIDDEN = ['line', 'candidates']
const NARROW_HIDDEN = ['transactionId']

export function ReconciliationScreen({ params }: ScreenProps) {
  const id = params['reconciliationId']!
  const [filter, setFilter] = useState<ItemFilter>('exceptions')
  const [matching, setMatching] = useState<ItemRow | null>(null)
  const reconciliation = useReconciliation(id, filter)
  const undo = useUndoMatch()
  const exportCsv = useExportReconciliation()
  const [exportError, setExportError] = useState<unknown>(null)
  // The table's columns are built once; their buttons reach the current handlers through this ref.
  const handlers = useRef<ItemActions>({ match: () => undefined, undo: () => undefined })
  handlers.current = {
    match: (row) => setMatching(row),
    undo: (row) => { if (row.line !== null) undo.mutate({ params: { id, line: String(row.line) } }) },
  }
  // Matching by hand changes what the whole team sees: only roles that may do it get the action column.
  const canMatch = useCan('support.search')
  const columns = useMemo(() => itemColumns(canMatch ? { match: (row) => handlers.current.match(row), undo: (row) => handlers.current.undo(row) } : null), [canMatch])
  const data = reconciliation.data
  const rows = useMemo(() => (data?.items ?? []).map((item, i) => ({ ...item, key: `${item.line ?? 'c'}:${item.transactionId ?? ''}:${i}` })), [data])
  const download = () => {
    setExportError(null)
    if (data) exportCsv(data.id, data.name).catch(setExportError)
  }
  return (
    <>
      <PageHeader title={data?.name ?? 'Reconciliation'}
        description={data ? `${formatDay(data.from)} to ${formatDay(data.to)} (${data.timeZone}) · ${data.summary.fileRows.toLocaleString()} file rows · amounts in ${data.amountUnit}` : undefined}
        actions={<>
          <Link to={PATHS.reconcile} className="button button--ghost">All reconciliations</Link>
          <button type="button" className="button button--secondary" onClick={download} disabled={!data}>Export CSV</button>
        </>} />
      <QueryView query={reconciliation} loadingLabel="Loading the reconciliation…">
        {(loaded) => (
          <div className="stack">
            {exportError ? <ErrorNotice error={exportError} title="The export failed" /> : null}
            {undo.isError ? <ErrorNotice error={undo.error} title="The match was not undone" /> : null}
            <SummaryCards summary={loaded.summary} exceptions={loaded.exceptions} filter={filter} onFilter={setFilter} />
            <Panel title={`${FILTER_TITLES[filter]} (${loaded.itemsTotal.toLocaleString()})`}>
              <div className="panel-flush">
                <DataTable caption="Reconciliation items" columns={columns} data={rows} getRowId={(row) => row.key} preferencesKey="reconcile.items" initialHidden={HIDDEN} narrowHidden={NARROW_HIDDEN}
                  empty={<EmptyState title={filter === 'exceptions' ? 'No exceptions: every row is matched' : 'Nothing here'} />} />
              </div>
              {loaded.itemsTotal > rows.length ? <p className="form__note">The first {rows.length.toLocaleString()} are shown; the export holds every row.</p> : null}
            </Panel>
          </div>
        )}
      </QueryView>
      <ManualMatchDialog reconciliationId={id} row={matching} period={{ from: reconciliation.data?.from ?? '', to: reconciliation.data?.to ?? '' }} onClose={() => setMatching(null)} />
    </>
  )
}
