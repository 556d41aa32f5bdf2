import type { CustomerView } from '../../../../shared/schemas/console-support'
import { useCustomer } from '../../api/hooks/support'
import type { ScreenProps } from '../../lib/screen-props'
import { navigate } from '../../lib/router'
import { DataTable } from '../../components/data-table/data-table'
import { EmptyState } from '../../components/empty-state'
import { Money } from '../../components/money'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Timestamp } from '../../components/timestamp'
import { transactionPath } from '../../lib/search-options'
import { TRANSACTION_LIST_COLUMNS, TRANSACTION_LIST_HIDDEN, TRANSACTION_LIST_NARROW_HIDDEN } from '../../components/transactions/transaction-list-columns'
import './customers.css'

const NEWEST_FIRST = [{ id: 'createdAt', desc: true }]
type Row = CustomerView['transactions'][number]
const rowId = (tx: Row) => tx.publicId
const openDetail = (tx: Row) => navigate(transactionPath(tx.publicId))
const count = (n: number, one: string) => `${n.toLocaleString('en-GB')} ${one}${n === 1 ? '' : 's'}`

/** Each total says how many transactions it sums, and how many more of that kind did not move money. */
function countNote(paid: number, all: number, one: string): string {
  const other = all - paid
  return other > 0 ? `${count(paid, one)} · ${other.toLocaleString('en-GB')} more failed or still pending` : count(paid, one)
}

/**
 * Everything one phone number did in this environment: totals paid in (charges), paid out (B2C) and
 * reversed, first and last seen, why things failed in plain words, and every transaction. Reached from
 * a phone search and from the phone on a transaction's detail.
 */
export function CustomerScreen({ params }: ScreenProps) {
  const phone = params.phoneNumber ?? ''
  const customer = useCustomer(phone)
  return (
    <>
      <PageHeader title={`Customer ${customer.data?.phoneNumber ?? phone}`} description="Every charge, payout and reversal with this phone number in this environment." />
      <QueryView query={customer} loadingLabel="Loading the customer…">
        {(data) => (
          <div className="stack">
            <dl className="customer-totals" aria-label="Customer totals">
              <div><dt>Paid in</dt><dd><Money minor={data.paidIn} /></dd><dd className="customer-totals__note">{countNote(data.paidCounts.charges, data.counts.charges, 'charge')}</dd></div>
              <div><dt>Paid out</dt><dd><Money minor={data.paidOut} /></dd><dd className="customer-totals__note">{countNote(data.paidCounts.payouts, data.counts.payouts, 'payout')}</dd></div>
              <div><dt>Reversed</dt><dd><Money minor={data.reversed} /></dd><dd className="customer-totals__note">{countNote(data.paidCounts.reversals, data.counts.reversals, 'reversal')}</dd></div>
              <div><dt>First seen</dt><dd><Timestamp ms={data.firstSeen} compact /></dd></div>
              <div><dt>Last seen</dt><dd><Timestamp ms={data.lastSeen} compact /></dd></div>
            </dl>
            <Panel title="Why payments failed">
              {data.failures.length === 0 ? <p className="form__note">Nothing failed for this number.</p> : (
                <ul className="customer-failures" aria-label="Failure reasons">
                  {data.failures.map((failure) => (
                    <li key={failure.reason}>
                      <strong>{failure.reason}</strong> · {failure.count} {failure.count === 1 ? 'time' : 'times'}, last <Timestamp ms={failure.lastAt} />
                      {failure.resultCode ? <span className="top-bar__meta"> (result code {failure.resultCode})</span> : null}
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
            <Panel title="Transactions" actions={data.more ? <span className="top-bar__meta">Newest {data.transactions.length} of {data.counts.total}</span> : undefined}>
              {data.transactions.length === 0 ? <EmptyState title="No transactions with this phone number" /> : (
                <div className="panel-flush">
                  <DataTable caption="Customer transactions" columns={TRANSACTION_LIST_COLUMNS} data={data.transactions} getRowId={rowId}
                    initialSorting={NEWEST_FIRST} preferencesKey="customer.transactions" initialHidden={TRANSACTION_LIST_HIDDEN}
                    narrowHidden={TRANSACTION_LIST_NARROW_HIDDEN} onRowActivate={openDetail} />
                </div>
              )}
            </Panel>
          </div>
        )}
      </QueryView>
    </>
  )
}
