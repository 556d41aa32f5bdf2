import { useState } from 'react'
import type { DataTableView } from '../../components/data-table/data-table'
import { toCsv, type CsvValue } from '../../../../shared/csv'
import { downloadCsv } from '../../lib/download'


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
    downloadCsv(toCsv(columns, rows), fileName)
    setAnnouncement(`Exported ${rows.length.toLocaleString('en-GB')} ${rows.length === 1 ? 'row' : 'rows'} to ${fileName}`)
  }
  return (
    <>
      <button type="button" className="button button--secondary button--small" onClick={exportCsv}>Export CSV</button>
      <span className="visually-hidden" role="status">{announcement}</span>
    </>
  )
}
