import { constructCell, flexRender, useTable, type CellContext, type Column, type ColumnVisibilityState, type Header, type ReactTable, type Row as TableRow, type RowData, type SortingState, type Updater } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react'
import { usePreferencesStore } from '../../stores/preferences-store'
import { ColumnMenu } from './column-menu'
import { dataTableFeatures, type DataTableColumn, type DataTableColumnMeta, type DataTableFeatures } from './data-table-features'

/** Row height the virtualizer assumes; .data-table rows are styled to this height. */
const ROW_HEIGHT_PX = 41
const estimateRowSize = () => ROW_HEIGHT_PX
/**
 * Rows rendered beyond each edge of the viewport. A fling moves ~29 rows a frame, more than any overscan
 * covers, so every extra row is only extra work in the frame that renders it; a few keep keyboard and wheel scrolling from showing an empty edge.
 */
const OVERSCAN_ROWS = 4
const NO_HIDDEN_COLUMNS: readonly string[] = []
/** Below this window width `narrowHidden` columns start hidden too (a 1024 px screen leaves a ~730 px table). */
const NARROW_WINDOW_PX = 1280

export interface DataTableProps<Row extends RowData> {
  /** Accessible name of the table (a visually hidden caption). */
  caption: string
  /** Build with dataTableColumns<Row>() at module scope or in useMemo: v9 needs stable columns. */
  columns: readonly DataTableColumn<Row>[]
  /** Stable reference (React Query data is); a fresh `[]` per render would rebuild the row model. */
  data: readonly Row[]
  getRowId(row: Row): string
  initialSorting?: SortingState
  /** Remember hidden columns under this key (preferences store). */
  preferencesKey?: string
  /** Columns hidden until the user shows them (and while no preference is stored). */
  initialHidden?: readonly string[]
  /** Also hidden until the user shows them when the window is narrow (below 1280 px) as the table first shows. */
  narrowHidden?: readonly string[]
  /** Makes rows activatable by click, Enter or Space (e.g. open a detail screen). */
  onRowActivate?(row: Row): void
  /** Marks the chosen row (e.g. the account whose balance is shown). */
  isRowSelected?(row: Row): boolean
  /** Above this many rows only the visible ones are rendered (TanStack Virtual). */
  virtualizeAbove?: number
  /** Controls shown left of the Columns menu (filters, export…); a function receives the table's current view. */
  toolbar?: ReactNode | ((view: DataTableView<Row>) => ReactNode)
  /** Shown instead of the table body when there are no rows. */
  empty?: ReactNode
}

/**
 * What the table shows at the moment of the call, so an export can match the screen exactly: every row in
 * the current sort order (not only those scrolled into view) and the visible columns, left to right.
 */
export interface DataTableView<Row> {
  rows(): Row[]
  columns(): { id: string; label: string }[]
}

/**
 * The console's table on TanStack Table v9: sortable headers (aria-sort, buttons), a column visibility
 * menu, optional row activation, and row virtualization for long lists (10,000 transactions) that keeps
 * real <table> semantics: spacer rows stand in for the rows scrolled out of view, and aria-rowcount /
 * aria-rowindex tell assistive technology where a row sits in the whole list.
 */
export function DataTable<Row extends RowData>({
  caption, columns, data, getRowId, initialSorting = [], preferencesKey, initialHidden = NO_HIDDEN_COLUMNS, narrowHidden = NO_HIDDEN_COLUMNS, onRowActivate, isRowSelected,
  virtualizeAbove = 200, toolbar, empty,
}: DataTableProps<Row>) {
  // Decided once per table: a resize does not shuffle columns under the reader's eyes.
  const [defaultHidden] = useState(() => (narrowHidden.length > 0 && window.innerWidth < NARROW_WINDOW_PX ? [...initialHidden, ...narrowHidden] : initialHidden))
  const hidden = usePreferencesStore((state) => (preferencesKey ? state.hiddenColumns[preferencesKey] : undefined) ?? defaultHidden)
  const setHidden = usePreferencesStore((state) => state.setHiddenColumns)
  const columnVisibility = useMemo<ColumnVisibilityState>(() => Object.fromEntries(hidden.map((id) => [id, false])), [hidden])
  const onColumnVisibilityChange = useCallback((updater: Updater<ColumnVisibilityState>) => {
    const next = typeof updater === 'function' ? updater(columnVisibility) : updater
    if (preferencesKey) setHidden(preferencesKey, Object.entries(next).filter(([, visible]) => !visible).map(([id]) => id))
  }, [columnVisibility, preferencesKey, setHidden])

  const table = useTable({
    features: dataTableFeatures,
    columns: columns as DataTableColumn<Row>[],
    data: data as Row[],
    getRowId: (row) => getRowId(row),
    initialState: { sorting: initialSorting, columnVisibility },
    ...(preferencesKey ? { state: { columnVisibility }, onColumnVisibilityChange } : {}),
  })

  const rows = table.getRowModel().rows
  const view: DataTableView<Row> = {
    rows: () => table.getRowModel().rows.map((row) => row.original),
    columns: () => table.getVisibleLeafColumns().map((column) => ({ id: column.id, label: column.columnDef.meta?.label ?? column.id })),
  }
  const visibleColumns = table.getVisibleLeafColumns()
  const visibleColumnCount = visibleColumns.length
  const virtual = rows.length > virtualizeAbove
  // State, not a ref: the rows below mount (and run their layout effects) before a parent's ref is set,
  // so the virtualizer would start without its scroll element; a state update hands it over once it exists.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null)

  return (
    <div className="data-table">
      <div className="data-table__toolbar">
        <span className="data-table__count">{rows.length.toLocaleString('en-GB')} {rows.length === 1 ? 'row' : 'rows'}</span>
        <div className="data-table__tools">
          {typeof toolbar === 'function' ? toolbar(view) : toolbar}
          <ColumnMenu columns={table.getAllLeafColumns()} />
        </div>
      </div>
      {/* Focusable so keyboard users can scroll it; labelled so the region is announced. */}
      <div ref={setScrollElement} className={virtual ? 'data-table__scroll data-table__scroll--virtual' : 'data-table__scroll'} tabIndex={virtual ? 0 : undefined} role={virtual ? 'region' : undefined} aria-label={virtual ? caption : undefined}>
        <table className="data-table__table" aria-rowcount={rows.length + 1}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {group.headers.map((header) => <HeaderCell key={header.id} header={header} table={table} />)}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 && empty ? (
              <tr><td colSpan={visibleColumnCount} className="data-table__empty">{empty}</td></tr>
            ) : null}
            <TableRows rows={rows} columns={visibleColumns} virtual={virtual} scrollElement={scrollElement} onActivate={onRowActivate} isSelected={isRowSelected} />
          </tbody>
        </table>
      </div>
    </div>
  )
}

type AnyTable<Row extends RowData> = ReactTable<DataTableFeatures, Row>

function HeaderCell<Row extends RowData>({ header, table }: { header: Header<DataTableFeatures, Row, unknown>; table: AnyTable<Row> }) {
  const column = header.column
  const sorted = column.getIsSorted()
  const align = column.columnDef.meta?.align === 'end' ? 'data-table__cell--end' : undefined
  if (header.isPlaceholder) return <th scope="col" className={align} />
  if (!column.getCanSort()) {
    return <th scope="col" className={align}><table.FlexRender header={header} /></th>
  }
  return (
    <th scope="col" className={align} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
      <button type="button" className="data-table__sort" onClick={column.getToggleSortingHandler()}>
        <table.FlexRender header={header} />
        <span className={sorted ? 'data-table__sort-icon data-table__sort-icon--active' : 'data-table__sort-icon'} aria-hidden="true">
          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  )
}

type AnyColumn<Row extends RowData> = Column<DataTableFeatures, Row, unknown>

interface TableRowsProps<Row extends RowData> {
  rows: TableRow<DataTableFeatures, Row>[]
  /** The visible columns (TanStack memoizes the array): a new one re-renders the rows. */
  columns: AnyColumn<Row>[]
  virtual: boolean
  scrollElement: HTMLDivElement | null
  onActivate?: (row: Row) => void
  isSelected?: (row: Row) => boolean
}

/**
 * The body's rows. The virtualizer lives here, not in DataTable, so a scroll re-renders only this list
 * (TanStack Virtual renders synchronously inside the scroll event), not the toolbar, the column menu and
 * the headers. Rows are memoized: a row still in view after a scroll is not rendered again, so a frame
 * pays only for the rows that came into view.
 */
function TableRows<Row extends RowData>({ rows, columns, virtual, scrollElement, onActivate, isSelected }: TableRowsProps<Row>) {
  // Stable options: a new getItemKey per render makes the virtualizer recompute every row's position (10,000).
  const getScrollElement = useCallback(() => scrollElement, [scrollElement])
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows])
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement,
    estimateSize: estimateRowSize,
    getItemKey,
    overscan: OVERSCAN_ROWS,
    enabled: virtual,
  })
  const items = virtual ? virtualizer.getVirtualItems() : null
  const paddingTop = items && items.length > 0 ? items[0]!.start : 0
  const paddingBottom = items && items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0
  const body = (row: TableRow<DataTableFeatures, Row>, index: number) => (
    <BodyRow key={row.id} row={row} index={index} columns={columns} onActivate={onActivate} selected={isSelected?.(row.original)} />
  )
  return (
    <>
      {paddingTop > 0 ? <SpacerRow height={paddingTop} columns={columns.length} /> : null}
      {items ? items.map((item) => body(rows[item.index]!, item.index)) : rows.map(body)}
      {paddingBottom > 0 ? <SpacerRow height={paddingBottom} columns={columns.length} /> : null}
    </>
  )
}

interface BodyRowProps<Row extends RowData> {
  row: TableRow<DataTableFeatures, Row>
  index: number
  columns: AnyColumn<Row>[]
  onActivate?: (row: Row) => void
  selected?: boolean
}

/** One row; memoized on its props (all stable while the data, sort and visible columns stay the same). */
const BodyRow = memo(function BodyRow<Row extends RowData>({ row, index, columns, onActivate, selected }: BodyRowProps<Row>) {
  const activate = onActivate ? () => onActivate(row.original) : undefined
  const onKeyDown = activate
    ? (event: KeyboardEvent) => {
        if (event.target !== event.currentTarget) return
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault()
          activate()
        }
      }
    : undefined
  return (
    <tr
      className={activate ? (selected ? 'data-table__row data-table__row--active data-table__row--selected' : 'data-table__row data-table__row--active') : selected ? 'data-table__row data-table__row--selected' : 'data-table__row'}
      aria-rowindex={index + 2}
      aria-selected={selected === undefined ? undefined : selected}
      tabIndex={activate ? 0 : undefined}
      onClick={activate}
      onKeyDown={onKeyDown}
    >
      {columns.map((column) => (
        // flexRender directly (not <FlexRender/>): one component less per cell.
        <td key={column.id} className={cellClass(column.columnDef.meta)}>
          {flexRender(column.columnDef.cell, cellContext(row, column))}
        </td>
      ))}
    </tr>
  )
}) as <Row extends RowData>(props: BodyRowProps<Row>) => ReactNode

/**
 * What a cell renderer receives (TanStack's CellContext), for the visible columns only and from a Cell
 * that is not kept: `row.getVisibleCells()` makes and caches a Cell for every column of every row ever
 * shown (16 per transaction, each with memoized helpers), which a fling through 10,000 rows turned into
 * ~35 MB of heap and garbage collections inside frames.
 * Built as TanStack's own `cell.getContext()` builds it; the values come from the row's value cache.
 */
function cellContext<Row extends RowData>(row: TableRow<DataTableFeatures, Row>, column: AnyColumn<Row>): CellContext<DataTableFeatures, Row, unknown> {
  const cell = constructCell(column, row, row.table)
  return { cell, column, row, table: row.table, getValue: () => cell.getValue(), renderValue: () => cell.renderValue() }
}

function cellClass(meta: DataTableColumnMeta | undefined): string | undefined {
  if (meta?.align === 'end') return meta.wrap ? 'data-table__cell--end data-table__cell--wrap' : 'data-table__cell--end'
  return meta?.wrap ? 'data-table__cell--wrap' : undefined
}

/** Stands in for rows outside the viewport. Its height is set through the style property (CSSOM), which the CSP allows. */
function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className="data-table__spacer">
      <td colSpan={columns} style={{ height }} />
    </tr>
  )
}
