import { useMemo } from 'react'
import { useAccounts } from '../../api/hooks/accounts'
import { useSimulatorState } from '../../api/hooks/simulator'
import { useTransactions } from '../../api/hooks/transactions'
import { Link, navigate, pathTo } from '../../app/router'
import { PATHS } from '../../app/paths'
import { DataTable } from '../../components/data-table/data-table'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { isoDate } from '../../lib/dates'
import { TRANSACTION_COLUMNS } from '../transactions/transaction-columns'
import { ActivityChart } from './activity-chart'
import { dailyActivity } from './activity-series'
import { BalanceCards } from './balance-cards'
import { FloatDeskPanel } from './float-desk'
import { SandboxPanel } from './sandbox-panel'

const DAYS = 30
const HOME_HIDDEN_COLUMNS = ['phoneNumber']
const DAY_MS = 24 * 60 * 60 * 1000

/** Balances, the last 30 days of money movement, recent activity and how to reach the sandbox. */
export function HomeScreen() {
  const accounts = useAccounts()
  const simulator = useSimulatorState()
  // Dates come from the sandbox's simulated clock when known, so a clock moved forward still shows "now".
  const nowMs = simulator.data?.now ?? Date.now()
  const today = isoDate(nowMs)
  const range = useMemo(() => ({ startDate: isoDate(Date.parse(today) - (DAYS - 1) * DAY_MS), endDate: today }), [today])
  const recent = useTransactions({ ...range, limit: '10' })
  const month = useTransactions(range)
  const series = useMemo(() => (month.data ? dailyActivity(month.data.items, Date.parse(today), DAYS) : []), [month.data, today])

  return (
    <>
      <PageHeader title="Home" description="Your sandbox at a glance: balances, the float desk, money moved in the last 30 days and the latest transactions." />
      <div className="stack">
        <section aria-labelledby="balances-heading">
          <h2 id="balances-heading" className="section-title">Balances</h2>
          <QueryView query={accounts} loadingLabel="Loading balances…" empty={<EmptyState title="No accounts in this environment" />}>
            {(items) => <BalanceCards accounts={items} />}
          </QueryView>
        </section>
        <FloatDeskPanel />
        <div className="grid grid--main-side">
          <Panel title="Last 30 days">
            <QueryView query={month} loadingLabel="Loading activity…">
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
                data={data.items}
                getRowId={(tx) => tx.publicId}
                preferencesKey="home.recent"
                initialHidden={HOME_HIDDEN_COLUMNS}
                onRowActivate={(tx) => navigate(pathTo(PATHS.transaction, { transactionId: tx.publicId }))}
              />
            )}
          </QueryView>
        </Panel>
      </div>
    </>
  )
}
