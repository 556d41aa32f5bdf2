import { Money } from '../money'
import { TransactionStatusBadge } from '../status-badge'
import { Timestamp } from '../timestamp'
import { dataTableColumns } from '../data-table/data-table-features'
import { Link, pathTo } from '../../lib/router'
import { PATHS } from '../../lib/paths'
import { TRANSACTION_TYPE_LABELS } from '../../lib/transaction-labels'
import type { ListedTransaction } from './transaction-list-columns'

const col = dataTableColumns<ListedTransaction>()

/**
 * Columns for a short list of transactions (Home's recent activity; the Transactions screen has its own,
 * transaction-list-columns.tsx). Module scope keeps them stable, as TanStack Table v9 requires.
 */
export const TRANSACTION_COLUMNS = col.columns([
  col.accessor('createdAt', {
    header: 'Created',
    meta: { label: 'Created' },
    cell: (info) => <Timestamp ms={info.getValue()} compact />,
  }),
  col.accessor('type', {
    header: 'Type',
    meta: { label: 'Type' },
    cell: (info) => TRANSACTION_TYPE_LABELS[info.getValue()],
  }),
  col.accessor('amount', {
    header: 'Amount',
    meta: { label: 'Amount', align: 'end' },
    cell: (info) => <Money minor={info.getValue()} />,
  }),
  col.accessor((tx) => (tx.reversal ? 'reversed' : tx.status), {
    id: 'status',
    header: 'Status',
    meta: { label: 'Status' },
    cell: (info) => <TransactionStatusBadge tx={info.row.original} />,
  }),
  col.accessor('phoneNumber', {
    header: 'Phone',
    meta: { label: 'Phone' },
    cell: (info) => info.getValue() ?? '—',
  }),
  col.accessor('merchantTransactionId', {
    header: 'Reference',
    meta: { label: 'Merchant reference' },
    cell: (info) => <span className="cell-cut" title={info.getValue() ?? undefined}>{info.getValue() ?? '—'}</span>,
  }),
  col.accessor('publicId', {
    header: 'Transaction',
    meta: { label: 'Transaction id' },
    enableSorting: false,
    cell: (info) => (
      // Out of the tab order: the row itself is the one Tab stop (Enter opens the same transaction).
      <Link to={pathTo(PATHS.transaction, { transactionId: info.getValue() })} onClick={(event) => event.stopPropagation()} title={info.getValue()} className="id-link" tabIndex={-1}>
        <code>{info.getValue()}</code>
      </Link>
    ),
  }),
])
