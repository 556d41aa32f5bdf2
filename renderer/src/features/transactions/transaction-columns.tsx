import { Money } from '../../components/money'
import { StatusBadge } from '../../components/status-badge'
import { dataTableColumns } from '../../components/data-table/data-table-features'
import { Link, pathTo } from '../../app/router'
import { PATHS } from '../../app/paths'
import { formatDateTime } from '../../lib/dates'
import type { Transaction } from '../../../../shared/schemas/transaction'
import { TRANSACTION_TYPE_LABELS } from './transaction-labels'

const col = dataTableColumns<Transaction>()

/**
 * Columns for any list of transactions (Home's recent activity; reuse them on the Transactions screen and
 * add more with `col.accessor`). Module scope keeps them stable, as TanStack Table v9 requires.
 */
export const TRANSACTION_COLUMNS = col.columns([
  col.accessor('createdAt', {
    header: 'Created',
    meta: { label: 'Created' },
    cell: (info) => formatDateTime(info.getValue()),
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
  col.accessor('status', {
    header: 'Status',
    meta: { label: 'Status' },
    cell: (info) => <StatusBadge status={info.getValue()} />,
  }),
  col.accessor('phoneNumber', {
    header: 'Phone',
    meta: { label: 'Phone' },
    cell: (info) => info.getValue() ?? '—',
  }),
  col.accessor('merchantTransactionId', {
    header: 'Reference',
    meta: { label: 'Merchant reference' },
    cell: (info) => info.getValue() ?? '—',
  }),
  col.accessor('publicId', {
    header: 'Transaction',
    meta: { label: 'Transaction id' },
    enableSorting: false,
    cell: (info) => (
      <Link to={pathTo(PATHS.transaction, { transactionId: info.getValue() })} onClick={(event) => event.stopPropagation()} title={info.getValue()} className="id-link">
        <code>{info.getValue()}</code>
      </Link>
    ),
  }),
])
