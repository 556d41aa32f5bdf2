import { useState } from 'react'
import type { DataTableView } from '../../components/data-table/data-table'
import { toCsv, type CsvValue } from '../../../../shared/csv'

/** Excel opens a UTF-8 CSV as UTF-8 only with a byte order mark; other tools skip it. */
const BOM = '\uFEFF'
/** Long enough for the browser (or the desktop app's save dialog) to start reading the blob. */
const REVOKE_AFTER_MS = 60_000

/**
 * Exports exactly what the table shows: its rows in the current sort order and its visible columns,
 * left to right, each cell as `values[columnId]` gives it. Built in the page as a Blob and handed to the
 * browser as a download link, so no file system access (and no Node) is involved.
 */
export function CsvExportButton<Row>({ view, values, fileName }: {
  view: DataTableView<Row>
  values: Readonly<Record<string, (row: Row) => CsvValue>>
  fileName: string
}) {
  const [announcement, setAnnouncement] = useState('')
  const exportCsv = () => {
    const columns = view.columns().map((column) => ({ label: column.label, value: values[column.id] ?? (() => null) }))
    const rows = view.rows()
    const url = URL.createObjectURL(new Blob([BOM, toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = fileName
    link.hidden = true
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
    setAnnouncement(`Exported ${rows.length.toLocaleString()} ${rows.length === 1 ? 'row' : 'rows'} to ${fileName}`)
  }
  return (
    <>
      <button type="button" className="button button--secondary button--small" onClick={exportCsv}>Export CSV</button>
      <span className="visually-hidden" role="status">{announcement}</span>
    </>
  )
}
