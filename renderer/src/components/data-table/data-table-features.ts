import {
  columnVisibilityFeature, createColumnHelper, createSortedRowModel, metaHelper, rowSortingFeature, sortFn_alphanumeric,
  sortFn_basic, sortFn_datetime, sortFn_text, tableFeatures, type ColumnDef, type RowData,
} from '@tanstack/react-table'

/** What every DataTable column declares besides TanStack's own options. */
export interface DataTableColumnMeta {
  /** Plain-text name, used by the column menu (headers may be elements). */
  label: string
  /** Numbers and money align right so digits line up. */
  align?: 'start' | 'end'
  /** Long text (names) may wrap instead of widening the table; cells do not wrap by default. */
  wrap?: boolean
}

/**
 * The one feature set of the console's tables (TanStack Table v9): sorting, column visibility, the sorted
 * row model and the sort functions 'auto' may pick. Add a feature here (filtering, pagination) and every
 * DataTable can use it; keep this object at module scope, as v9 requires stable features.
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic, datetime: sortFn_datetime },
  columnMeta: metaHelper<DataTableColumnMeta>(),
})
export type DataTableFeatures = typeof dataTableFeatures

/** Column helper bound to the console's features: `const col = dataTableColumns<Transaction>()`. */
export function dataTableColumns<Row extends RowData>() {
  return createColumnHelper<DataTableFeatures, Row>()
}

/** A column of any value type: one list mixes strings, numbers and display columns (as TanStack types it). */
export type DataTableColumn<Row extends RowData> = ColumnDef<DataTableFeatures, Row, any>
