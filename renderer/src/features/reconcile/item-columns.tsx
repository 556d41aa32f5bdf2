import type { ReconciliationItem } from '../../../../shared/schemas/reconciliations'
import { Link } from '../../lib/router'
import { dataTableColumns } from '../../components/data-table/data-table-features'
import { Money } from '../../components/money'
import { Tag } from '../../components/status-badge'
import { transactionPath } from '../../lib/search-options'
import { ShortId } from '../../components/short-id'
import { KIND_LABELS, KIND_TONES } from './kind-labels'

export type ItemRow = ReconciliationItem & { key: string }

export interface ItemActions {
  match(item: ItemRow): void
  undo(item: ItemRow): void
}

/** A file row that a person may still match (a charge's own item, or a matched row, may not). */
export function matchable(item: ReconciliationItem): boolean {
  return item.fileAmount !== null && item.kind !== 'matched'
}

const item = dataTableColumns<ItemRow>()

/**
 * The items' columns; the third holds the row's action, through `actions` (stable for the table's life),
 * and is left out for a role that may not match by hand (`actions` null).
 */
export function itemColumns(actions: ItemActions | null) {
  const actionColumn = actions ? [item.accessor((row) => row.key, { id: 'action', header: '', meta: { label: 'Action' }, enableSorting: false,
    cell: (info) => {
      const row = info.row.original
      if (row.manual) return <button type="button" className="button button--ghost button--small" onClick={() => actions.undo(row)}>Undo match</button>
      if (matchable(row)) return <button type="button" className="button button--secondary button--small" onClick={() => actions.match(row)}>Match by hand</button>
      return null
    } })] : []
  return item.columns([
    item.accessor('line', { id: 'line', header: 'Line', meta: { label: 'Line', align: 'end' }, sortFn: 'basic', cell: (info) => info.getValue() ?? '—' }),
    item.accessor('kind', { id: 'kind', header: 'Outcome', meta: { label: 'Outcome' }, sortFn: 'text',
      cell: (info) => <Tag tone={KIND_TONES[info.getValue()]}>{info.row.original.manual ? `${KIND_LABELS[info.getValue()]} by hand` : KIND_LABELS[info.getValue()]}</Tag> }),
    ...actionColumn,
    item.accessor('transactionId', { id: 'transactionId', header: 'Transaction', meta: { label: 'Transaction' }, sortFn: 'text',
      cell: (info) => { const id = info.getValue(); return id ? <Link to={transactionPath(id)}><ShortId id={id} /></Link> : '—' } }),
    item.accessor('fileAmount', { id: 'fileAmount', header: 'File amount', meta: { label: 'File amount', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.getValue()} /> }),
    item.accessor('paydeskAmount', { id: 'paydeskAmount', header: 'Paydesk amount', meta: { label: 'Paydesk amount', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.getValue()} /> }),
    item.accessor((row) => row.candidates.length, { id: 'candidates', header: 'Candidates', meta: { label: 'Candidates', align: 'end' }, sortFn: 'basic',
      cell: (info) => (info.getValue() > 0 ? info.getValue() : '') }),
    item.accessor('note', { id: 'note', header: 'Note', meta: { label: 'Note' }, sortFn: 'text', cell: (info) => info.getValue() ?? '' }),
  ])
}
