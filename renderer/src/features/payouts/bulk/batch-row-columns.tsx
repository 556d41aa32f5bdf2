import type { PayoutBatchRow } from '../../../../../shared/schemas/payout-batches'
import { pathTo, Link } from '../../../lib/router'
import { PATHS } from '../../../lib/paths'
import { dataTableColumns } from '../../../components/data-table/data-table-features'
import { Money } from '../../../components/money'
import { Tag } from '../../../components/status-badge'
import { ShortId } from '../../../components/short-id'
import { ROW_STATUS } from './batch-labels'

const col = dataTableColumns<PayoutBatchRow>()

/** Why a row did not (or could not) pay: its checks before the run, its payout's failure after. */
export function rowProblem(row: PayoutBatchRow): string | null {
  return row.errors.length > 0 ? row.errors.join('; ') : row.failureReason
}

export const BATCH_ROW_COLUMNS = col.columns([
  col.accessor('line', { header: 'Line', meta: { label: 'Line', align: 'end' } }),
  col.accessor('status', { header: 'Status', meta: { label: 'Status' }, cell: (info) => <Tag tone={ROW_STATUS[info.getValue()].tone}>{ROW_STATUS[info.getValue()].label}</Tag> }),
  col.display({
    id: 'problem', header: 'Why', meta: { label: 'Reason (errors or failure)', wrap: true },
    cell: (info) => <span className="batch-row__why">{rowProblem(info.row.original) ?? ''}</span>,
  }),
  col.accessor('recipient', { header: 'Recipient', meta: { label: 'Recipient' }, cell: (info) => <code>{info.getValue() ?? '—'}</code> }),
  col.accessor('recipientName', { header: 'Name', meta: { label: 'Registered name', wrap: true }, cell: (info) => info.getValue() ?? '—' }),
  col.accessor('amount', { header: 'Amount', meta: { label: 'Amount', align: 'end' }, cell: (info) => <Money minor={info.getValue()} /> }),
  col.accessor('fee', { header: 'Fee', meta: { label: 'Fee', align: 'end' }, cell: (info) => <Money minor={info.getValue()} /> }),
  col.accessor('reference', { header: 'Reference', meta: { label: 'Reference' }, cell: (info) => <code>{info.getValue() ?? '—'}</code> }),
  col.accessor('transactionId', {
    header: 'Payout', meta: { label: 'Payout' },
    cell: (info) => {
      const id = info.getValue()
      return id ? <Link to={pathTo(PATHS.transaction, { transactionId: id })}><ShortId id={id} /></Link> : '—'
    },
  }),
  col.accessor('receipt', { header: 'Receipt', meta: { label: 'Receipt' }, cell: (info) => info.getValue() ?? '—' }),
])

/** Invalid rows first (they need the merchant's attention), then failed ones, each in file order. */
export function rowsForReview(rows: readonly PayoutBatchRow[]): PayoutBatchRow[] {
  const rank = (row: PayoutBatchRow) => (row.status === 'invalid' ? 0 : row.status === 'failed' ? 1 : 2)
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.line - b.line)
}
