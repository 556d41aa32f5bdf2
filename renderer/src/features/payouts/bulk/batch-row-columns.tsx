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

const unpaid = (row: PayoutBatchRow) => row.status === 'invalid' || row.status === 'failed'

/** The registered name, with the file's own name beside it and a mark when they are not the same person. */
function NameCell({ row }: { row: PayoutBatchRow }) {
  return (
    <span className="batch-row__names">
      <span>{row.recipientName ?? '—'}</span>
      {row.intendedName !== null ? (
        <span className={row.nameDiffers ? 'batch-row__intended batch-row__intended--differs' : 'batch-row__intended'} data-testid="intended-name">
          {row.nameDiffers ? <Tag tone="warning">Differs</Tag> : null} File: {row.intendedName}
        </span>
      ) : null}
    </span>
  )
}

/** What a draft's row can have done to it before the batch is submitted. */
export interface RowActions {
  edit(row: PayoutBatchRow): void
  drop(row: PayoutBatchRow): void
}

function RowButtons({ row, actions }: { row: PayoutBatchRow; actions: RowActions }) {
  return (
    <span className="batch-row__actions">
      <button type="button" className="button button--secondary button--small" aria-label={`Correct line ${row.line}`} onClick={(event) => { event.stopPropagation(); actions.edit(row) }}>Correct</button>
      <button type="button" className="button button--secondary button--small" aria-label={`Drop line ${row.line}`} onClick={(event) => { event.stopPropagation(); actions.drop(row) }}>Drop</button>
    </span>
  )
}

/** Why a row did not (or could not) pay; on a draft, with Correct and Drop under the reason (no column of their own, so the table fits). */
function problemColumn(actions: RowActions | null) {
  return col.display({
    id: 'problem', header: 'Why', meta: { label: 'Reason (errors or failure)', wrap: true },
    cell: (info) => (
      <>
        <span className="batch-row__why">{rowProblem(info.row.original) ?? ''}</span>
        {actions ? <RowButtons row={info.row.original} actions={actions} /> : null}
      </>
    ),
  })
}

const BATCH_ROW_COLUMNS = col.columns([
  col.accessor('line', { header: 'Line', meta: { label: 'Line', align: 'end' } }),
  col.accessor('status', { header: 'Status', meta: { label: 'Status' }, cell: (info) => <Tag tone={ROW_STATUS[info.getValue()].tone}>{ROW_STATUS[info.getValue()].label}</Tag> }),
  problemColumn(null),
  col.accessor('recipient', { header: 'Recipient', meta: { label: 'Recipient' }, cell: (info) => <code>{info.getValue() ?? '—'}</code> }),
  col.accessor('recipientName', { header: 'Name', meta: { label: 'Registered name (and the file\'s)', wrap: true }, cell: (info) => <NameCell row={info.row.original} /> }),
  col.accessor('amount', { header: 'Amount', meta: { label: 'Amount', align: 'end' }, cell: (info) => <Money minor={info.getValue()} /> }),
  // A row that was not paid (invalid, or failed) costs no fee: a dash, not KES 0.00 or the fee it would have had.
  col.accessor('fee', { header: 'Fee', meta: { label: 'Fee', align: 'end' }, cell: (info) => (unpaid(info.row.original) ? '—' : <Money minor={info.getValue()} />) }),
  col.accessor('reference', { header: 'Reference', meta: { label: 'Reference' }, cell: (info) => <code className="batch-row__reference" title={info.getValue() ?? undefined}>{info.getValue() ?? '—'}</code> }),
  col.accessor('transactionId', {
    header: 'Payout', meta: { label: 'Payout' },
    cell: (info) => {
      const id = info.getValue()
      return id ? <Link to={pathTo(PATHS.transaction, { transactionId: id })}><ShortId id={id} /></Link> : '—'
    },
  }),
  col.accessor('receipt', { header: 'Receipt', meta: { label: 'Receipt' }, cell: (info) => info.getValue() ?? '—' }),
])

/** The rows' columns; a draft's rows also get Correct and Drop. */
export function batchRowColumns(actions: RowActions | null) {
  if (!actions) return BATCH_ROW_COLUMNS
  return BATCH_ROW_COLUMNS.map((column) => (column.id === 'problem' ? problemColumn(actions) : column))
}

/** Invalid rows first (they need the merchant's attention), then failed ones, each in file order. */
export function rowsForReview(rows: readonly PayoutBatchRow[]): PayoutBatchRow[] {
  const rank = (row: PayoutBatchRow) => (row.status === 'invalid' ? 0 : row.status === 'failed' ? 1 : 2)
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.line - b.line)
}
