import { useMemo } from 'react'
import type { TransactionsQuery } from '../../../../shared/schemas/requests'
import { useSimulatorState } from '../../api/hooks/simulator'
import { useTransactions, useWithReversals } from '../../api/hooks/transactions'
import { PATHS } from '../../lib/paths'
import { navigate, pathTo } from '../../lib/router'
import { DataTable } from '../../components/data-table/data-table'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { useEnvironment } from '../../stores/environment-store'
import { useListActivityStore } from '../../stores/list-activity-store'
import { useTransactionFiltersStore } from '../../stores/transaction-filters-store'
import { CsvExportButton } from './csv-export-button'
import { formatDay, localDay, localDayStart } from '../../lib/dates'
import { ShownTotals } from './shown-totals'
import { TRANSACTION_CSV_VALUES, TRANSACTION_LIST_COLUMNS, TRANSACTION_LIST_HIDDEN, TRANSACTION_LIST_NARROW_HIDDEN, type ListedTransaction } from '../../components/transactions/transaction-list-columns'
import { TransactionFiltersForm } from './transaction-filters-form'
import { filterDays, filtersToQuery } from './transaction-query'
import '../../components/transactions/transactions.css'

/** The API's default and maximum page: a full page means older matches were left out. */
const API_LIMIT = 10_000
const NEWEST_FIRST = [{ id: 'createdAt', desc: true }]
const rowId = (tx: ListedTransaction) => tx.publicId
const openDetail = (tx: ListedTransaction) => navigate(pathTo(PATHS.transaction, { transactionId: tx.publicId }))

/** Above the results: new activity since they loaded (with a refresh), and a page cut at the API's limit. */
function ListNotices({ newActivity, refreshing, onRefresh, full }: { newActivity: boolean; refreshing: boolean; onRefresh(): void; full: boolean }) {
  return (
    <>
      {newActivity ? (
        <div className="notice notice--info list-activity" role="status">
          <span>New activity since these results were loaded.</span>
          <button type="button" className="button button--secondary button--small" disabled={refreshing} onClick={onRefresh}>
            {refreshing ? 'Refreshing…' : 'Refresh results'}
          </button>
        </div>
      ) : null}
      {full ? (
        <p className="notice notice--info" role="status">
          Showing the newest {API_LIMIT.toLocaleString('en-GB')} transactions, the most the API returns at once. Narrow the dates or filters to see older ones.
        </p>
      ) : null}
    </>
  )
}

/**
 * Every transaction of the environment in a date range, results first: a compact filter bar (period,
 * type, status; the rest behind "More filters") and then the list, so at 1024×700 the first rows show
 * without scrolling. Finding one transaction by id, reference, receipt, phone or amount is the top bar's
 * Search. Sortable and hideable columns, 10,000 rows scrolled smoothly (the
 * DataTable virtualizes) and a CSV export of exactly the rows and columns shown. The search lives in a
 * zustand store, so it is still there after opening a transaction and coming back.
 */
export function TransactionsScreen() {
  const environment = useEnvironment()
  const filters = useTransactionFiltersStore((state) => state.filters)
  const setFilters = useTransactionFiltersStore((state) => state.setFilters)
  const simulator = useSimulatorState()
  // Presets count days on the sandbox's simulated clock (it may run ahead). Anchored at local noon of
  // that day, so the query only changes when the day does, not on every clock refresh.
  const today = localDay(simulator.data?.now ?? Date.now())
  const anchorMs = localDayStart(today) + 12 * 60 * 60 * 1000
  const clockKnown = simulator.data !== undefined || simulator.isError
  const query = useMemo(() => filtersToQuery(filters, anchorMs) as TransactionsQuery, [filters, anchorMs])
  // Disabled (so still pending, showing the loading state) until the clock is known.
  const list = useTransactions(query, { enabled: clockKnown })
  // Large results are not refetched on every push event (api/large-lists.ts): offer a refresh instead.
  const activityAt = useListActivityStore((state) => state.activityAt)
  const newActivity = list.data !== undefined && activityAt > list.dataUpdatedAt
  const days = filterDays(filters, anchorMs)
  const rows = useWithReversals(list.data?.items)
  const period = days.from === days.to ? formatDay(days.from) : `${formatDay(days.from)} to ${formatDay(days.to)}`

  return (
    <>
      <PageHeader title="Transactions" />
      <div className="stack stack--tight">
        <TransactionFiltersForm applied={filters} nowMs={anchorMs} onApply={setFilters} apiError={list.error} />
        <ListNotices newActivity={newActivity} refreshing={list.isFetching} onRefresh={() => void list.refetch()} full={list.data !== undefined && list.data.count >= API_LIMIT} />
        <Panel title="Results" actions={<span className="top-bar__meta" role="status" data-testid="results-period">{list.isFetching ? 'Updating the results…' : period}</span>}>
          <QueryView
            query={list}
            loadingLabel="Loading transactions…"
            isEmpty={(data) => data.items.length === 0}
            empty={<EmptyState title="No transactions match this search">Widen the period or clear a filter. New charges and payouts show up here.</EmptyState>}
          >
            {(data) => (
              <div className="stack stack--tight">
              <ShownTotals rows={rows ?? data.items} />
              {/* Edge to edge in its card: every pixel goes to the columns on a 1024 px screen. */}
              <div className="panel-flush">
              <DataTable
                caption="Transactions"
                columns={TRANSACTION_LIST_COLUMNS}
                data={rows ?? data.items}
                getRowId={rowId}
                initialSorting={NEWEST_FIRST}
                preferencesKey="transactions.list"
                initialHidden={TRANSACTION_LIST_HIDDEN}
                narrowHidden={TRANSACTION_LIST_NARROW_HIDDEN}
                onRowActivate={openDetail}
                toolbar={(view) => (
                  <CsvExportButton view={view} values={TRANSACTION_CSV_VALUES} fileName={`transactions-${environment}-${days.from}-to-${days.to}.csv`} />
                )}
              />
              </div>
              </div>
            )}
          </QueryView>
        </Panel>
      </div>
    </>
  )
}
