import { useState } from 'react'
import { useAccounts } from '../../api/hooks/accounts'
import { useSimulatorState } from '../../api/hooks/simulator'
import { useSettlementReport, useStatement } from '../../api/hooks/support'
import { DataTable } from '../../components/data-table/data-table'
import { SelectField } from '../../components/fields/select-field'
import { Money } from '../../components/money'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { formatDay, localDay } from '../../lib/dates'
import { isDay } from '../../../../shared/local-days'
import { DayField } from '../../components/fields/day-field'
import { SETTLEMENT_DAY_COLUMNS, STATEMENT_LINE_COLUMNS, type LineRow } from './statement-columns'
import { StatementDownloads } from './statement-downloads'
import { AccountingDownloads } from './accounting-downloads'
import { MissingInvoicesPanel } from './missing-invoices-panel'
import './statements.css'

const lineKey = (row: LineRow) => row.key
const dayKey = (row: { day: string }) => row.day
const NEWEST_DAY_FIRST = [{ id: 'day', desc: true }]

/**
 * Statements of one account for local days (this month by default, on the sandbox's clock), with the
 * reconciliation line and CSV / PDF downloads; below, the daily settlement report of the environment.
 */
export function StatementsScreen() {
  const accounts = useAccounts()
  const simulator = useSimulatorState()
  const today = localDay(simulator.data?.now ?? Date.now())
  const [accountNo, setAccountNo] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  // A day field applies once it holds a whole day; until then the month so far is shown.
  const range = { from: isDay(from) ? from : `${today.slice(0, 8)}01`, to: isDay(to) ? to : today }
  const chosen = accountNo || accounts.data?.find((a) => a.type === 'collections' && a.default)?.accountNo || accounts.data?.[0]?.accountNo || ''
  const statement = useStatement(chosen && (simulator.data || simulator.isError) ? { accountNo: chosen, ...range } : null)
  const report = useSettlementReport(range)
  const options = (accounts.data ?? []).map((a) => ({ value: a.accountNo, label: `${a.name} · ${a.accountNo}` }))

  return (
    <>
      <PageHeader title="Statements" description="Opening balance, every ledger movement with running balances, closing balance and a reconciliation against the ledger. Days are local days of the organization's time zone." />
      <div className="stack">
        <form className="filter-bar" aria-label="Statement period" onSubmit={(event) => event.preventDefault()}>
          <SelectField label="Account" value={chosen} options={options} onChange={setAccountNo} markOptional={false} />
          <DayField label="From" value={from || range.from} onChange={setFrom} markOptional={false} />
          <DayField label="To" value={to || range.to} onChange={setTo} markOptional={false} />
        </form>
        <QueryView query={statement} loadingLabel="Building the statement…">
          {(data) => (
            <Panel title={`Statement ${data.account.accountNo}, ${formatDay(data.from)} to ${formatDay(data.to)}`} actions={<StatementDownloads statement={data} />}>
              <div className="stack">
                <p className={data.reconciliation.holds ? 'notice notice--success' : 'notice notice--error statement-alarm'} role={data.reconciliation.holds ? 'status' : 'alert'}>
                  {data.reconciliation.statement}
                </p>
                <dl className="statement-summary" aria-label="Statement totals">
                  <div><dt>Opening available</dt><dd><Money minor={data.opening.available} /></dd></div>
                  <div><dt>Opening pending</dt><dd><Money minor={data.opening.pending} /></dd></div>
                  <div><dt>Movements (available)</dt><dd><Money minor={data.movements.available} signed /></dd></div>
                  <div><dt>Fees</dt><dd><Money minor={data.fees} /></dd></div>
                  <div><dt>Closing available</dt><dd data-testid="closing-available"><Money minor={data.closing.available} /></dd></div>
                  <div><dt>Closing pending</dt><dd data-testid="closing-pending"><Money minor={data.closing.pending} /></dd></div>
                </dl>
                {data.totalsByType.length > 0 ? (
                  <ul className="statement-type-totals" aria-label="Totals per type">
                    {data.totalsByType.map((t) => (
                      <li key={t.type}><strong>{t.type}</strong> · {t.count} lines · available <Money minor={t.available} signed /> · pending <Money minor={t.pending} signed /> · fees <Money minor={t.fees} /></li>
                    ))}
                  </ul>
                ) : null}
                <div className="panel-flush">
                  <DataTable caption="Statement lines" columns={STATEMENT_LINE_COLUMNS} data={data.lines.map((l, i) => ({ ...l, key: String(i) }))} getRowId={lineKey} preferencesKey="statement.lines" />
                </div>
              </div>
            </Panel>
          )}
        </QueryView>
        <AccountingDownloads accountNo={chosen} range={range} />
        <MissingInvoicesPanel range={range} />
        <Panel title="Daily settlement report">
          <QueryView query={report} loadingLabel="Building the report…">
            {(data) => <DataTable caption="Daily settlement report" columns={SETTLEMENT_DAY_COLUMNS} data={data.days} getRowId={dayKey} initialSorting={NEWEST_DAY_FIRST} preferencesKey="settlement.days" />}
          </QueryView>
        </Panel>
      </div>
    </>
  )
}
