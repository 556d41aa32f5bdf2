import { useMemo } from 'react'
import { addDays } from '../../../../shared/local-days'
import { useAccounts } from '../../api/hooks/accounts'
import { useSimulatorState } from '../../api/hooks/simulator'
import { useSettlementReport } from '../../api/hooks/support'
import { useTransactions, useWithReversals } from '../../api/hooks/transactions'
import { Link, navigate, pathTo } from '../../lib/router'
import { PATHS } from '../../lib/paths'
import { DataTable } from '../../components/data-table/data-table'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { localDay } from '../../lib/dates'
import { apiDateBounds } from '../../stores/date-range'
import { TRANSACTION_COLUMNS } from '../../components/transactions/transaction-columns'
import type { ListedTransaction } from '../../components/transactions/transaction-list-columns'
import { ActivityChart } from './activity-chart'
import { dailyActivity } from './activity-series'
import { BalanceCards } from './balance-cards'
import { FloatDeskPanel } from './float-desk'
import { SandboxPanel } from './sandbox-panel'
import { SyncHealthPanel } from './sync-health'

const DAYS = 30
const HOME_HIDDEN_COLUMNS = ['phoneNumber']
/** On a narrow window the id too (the row opens the transaction), so the table fits without scrolling sideways. */
const HOME_NARROW_HIDDEN = ['publicId']
const openDetail = (tx: ListedTransaction) => navigate(pathTo(PATHS.transaction, { transactionId: tx.publicId }))

/** Balances, the last 30 local days of money movement, recent activity and how to reach the sandbox. */
export function HomeScreen() {
  const accounts = useAccounts()
  const simulator = useSimulatorState()
  // Days come from the sandbox's simulated clock when known, so a clock moved forward still shows "now";
  // they are local days of the organization's zone, like every screen's.
  const today = localDay(simulator.data?.now ?? Date.now())
  const from = addDays(today, -(DAYS - 1))
  const range = useMemo(() => apiDateBounds(from, today), [from, today])
  const recent = useTransactions({ startDate: range.startDate!, endDate: range.endDate!, limit: '10' })
  const recentRows = useWithReversals(recent.data?.items)
  // The daily figures come from the settlement report, the same answer the Statements screen shows.
  const report = useSettlementReport({ from, to: today })
  const series = useMemo(() => (report.data ? dailyActivity(report.data) : []), [report.data])

  return (
    <>
      <PageHeader title="Home" description="Your sandbox at a glance: balances, the float desk, money moved in the last 30 days and the latest transactions." />
      <div className="stack">
        <section aria-labelledby="balances-heading">
          <h2 id="balances-heading" className="section-title">Balances</h2>
          <QueryView query={accounts} loadingLabel="Loading balances…" empty={<EmptyState title="No accounts in this environment" />}>
            {(items) => <BalanceCards accounts={items} />}
          </QueryView>
          <p className="form__note balances-note" data-testid="pending-meaning">
            <strong>Pending</strong> is money on its way, not yet spendable: in collections, charges that completed but have not settled to
            available yet; in payouts, amount and fee reserved for payouts the processor has not answered yet.
          </p>
        </section>
        <SyncHealthPanel />
        <FloatDeskPanel />
        <div className="grid grid--main-side">
          <Panel title="Last 30 days">
            <QueryView query={report} loadingLabel="Loading activity…">
              {() => <ActivityChart series={series} />}
            </QueryView>
          </Panel>
          <SandboxPanel />
        </div>
        <Panel title="Recent activity" actions={<Link to={PATHS.transactions} className="button button--ghost button--small">All transactions</Link>}>
          <QueryView
            query={recent}
            loadingLabel="Loading transactions…"
            isEmpty={(data) => data.items.length === 0}
            empty={<EmptyState title="No transactions in the last 30 days" action={<Link to={PATHS.charges} className="button button--primary">Send a charge</Link>}>Charges and payouts you make show up here.</EmptyState>}
          >
            {(data) => (
              <DataTable
                caption="Recent transactions"
                columns={TRANSACTION_COLUMNS}
                data={recentRows ?? data.items}
                getRowId={(tx) => tx.publicId}
                preferencesKey="home.recent"
                initialHidden={HOME_HIDDEN_COLUMNS}
                narrowHidden={HOME_NARROW_HIDDEN}
                onRowActivate={openDetail}
              />
            )}
          </QueryView>
        </Panel>
      </div>
    </>
  )
}
