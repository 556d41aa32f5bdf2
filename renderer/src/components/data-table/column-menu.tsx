import type { Column, RowData } from '@tanstack/react-table'
import type { DataTableFeatures } from './data-table-features'

/**
 * "Columns" disclosure with one checkbox per hideable column. A native <details> keeps it keyboard and
 * screen-reader friendly without a menu widget; the last visible column cannot be hidden.
 */
export function ColumnMenu<Row extends RowData>({ columns }: { columns: Column<DataTableFeatures, Row, unknown>[] }) {
  const visibleCount = columns.filter((column) => column.getIsVisible()).length
  return (
    <details className="column-menu">
      <summary className="button button--secondary button--small">Columns</summary>
      <fieldset className="column-menu__list">
        <legend className="visually-hidden">Visible columns</legend>
        {columns.filter((column) => column.getCanHide()).map((column) => {
          const visible = column.getIsVisible()
          return (
            <label key={column.id} className="column-menu__item">
              <input
                type="checkbox"
                checked={visible}
                disabled={visible && visibleCount === 1}
                onChange={(event) => column.toggleVisibility(event.target.checked)}
              />
              {column.columnDef.meta?.label ?? column.id}
            </label>
          )
        })}
      </fieldset>
    </details>
  )
}
