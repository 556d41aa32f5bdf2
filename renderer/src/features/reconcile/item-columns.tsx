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

/** The file's order number, and Paydesk's merchant reference beneath it when it is another. */
function References({ row }: { row: ItemRow }) {
  const { fileReference: file, paydeskReference: paydesk } = row
  if (file === null && paydesk === null) return <>—</>
  return (
    <span className="item-references">
      {file !== null ? <code className="cut-id" title={file} data-testid="file-reference">{file}</code> : null}
      {paydesk !== null && paydesk !== file ? <span className="item-references__paydesk" title={paydesk}>Paydesk: <code className="cut-id">{paydesk}</code></span> : null}
    </span>
  )
}

/**
 * The items' columns; the outcome's cell holds the row's action, through `actions` (stable for the
 * table's life), left out for a role that may not match by hand (`actions` null).
 */
export function itemColumns(actions: ItemActions | null) {
  // The row's action sits under its outcome (no column of its own), so the table fits a 1,024 px window.
  const action = (row: ItemRow) => {
    if (!actions) return null
    if (row.manual) return <button type="button" className="button button--ghost button--small" onClick={() => actions.undo(row)}>Undo match</button>
    if (matchable(row)) return <button type="button" className="button button--secondary button--small" onClick={() => actions.match(row)}>Match by hand</button>
    return null
  }
  return item.columns([
    item.accessor('line', { id: 'line', header: 'Line', meta: { label: 'Line', align: 'end' }, sortFn: 'basic', cell: (info) => info.getValue() ?? '—' }),
    item.accessor('kind', { id: 'kind', header: 'Outcome', meta: { label: 'Outcome' }, sortFn: 'text',
      cell: (info) => (
        <span className="item-outcome">
          <Tag tone={KIND_TONES[info.getValue()]}>{info.row.original.manual ? `${KIND_LABELS[info.getValue()]} by hand` : KIND_LABELS[info.getValue()]}</Tag>
          {action(info.row.original)}
        </span>
      ) }),
    item.accessor((row) => row.fileReference ?? row.paydeskReference ?? '', { id: 'reference', header: 'Reference', meta: { label: 'Reference (file and Paydesk)' }, sortFn: 'text',
      cell: (info) => <References row={info.row.original} /> }),
    item.accessor('transactionId', { id: 'transactionId', header: 'Transaction', meta: { label: 'Transaction' }, sortFn: 'text',
      cell: (info) => { const id = info.getValue(); return id ? <Link to={transactionPath(id)}><ShortId id={id} /></Link> : '—' } }),
    item.accessor('fileAmount', { id: 'fileAmount', header: 'File amount', meta: { label: 'File amount', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.getValue()} /> }),
    item.accessor('paydeskAmount', { id: 'paydeskAmount', header: 'Paydesk amount', meta: { label: 'Paydesk amount', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.getValue()} /> }),
    item.accessor((row) => row.candidates.length, { id: 'candidates', header: 'Candidates', meta: { label: 'Candidates', align: 'end' }, sortFn: 'basic',
      cell: (info) => (info.getValue() > 0 ? info.getValue() : '') }),
    item.accessor('note', { id: 'note', header: 'Note', meta: { label: 'Note', wrap: true }, sortFn: 'text', cell: (info) => info.getValue() ?? '' }),
  ])
}
