import type { RequestLogEntry } from '../../../../shared/schemas/request-log'
import { PATHS } from '../../lib/paths'
import { Link, pathTo } from '../../lib/router'
import { dataTableColumns } from '../data-table/data-table-features'
import { Tag } from '../status-badge'
import { Timestamp } from '../timestamp'
import { ShortId } from '../short-id'

const col = dataTableColumns<RequestLogEntry>()

/** 2xx green, 4xx amber, 5xx red: the text (the status itself) carries the meaning. */
export function StatusTag({ status }: { status: number }) {
  const tone = status >= 500 ? 'danger' : status >= 400 ? 'warning' : status >= 300 ? 'info' : 'success'
  return <Tag tone={tone}>{String(status)}</Tag>
}

/** Columns of the request log; a row opens the request's own screen. */
export const REQUEST_COLUMNS = col.columns([
  col.accessor('at', { id: 'at', header: 'Time', meta: { label: 'Time' }, sortFn: 'basic', cell: (info) => <Timestamp ms={info.getValue()} compact /> }),
  col.accessor('method', { id: 'method', header: 'Method', meta: { label: 'Method' }, sortFn: 'text', cell: (info) => <code>{info.getValue()}</code> }),
  col.accessor((entry) => `${entry.path}${entry.query}`, {
    // Cut to the column's width (the whole path on hover and on the request's screen), so a long query never pushes Status away.
    id: 'path', header: 'Path', meta: { label: 'Path and query' }, sortFn: 'text', cell: (info) => <code className="request-path request-path--cut" title={info.getValue()}>{info.getValue()}</code>,
  }),
  col.accessor('status', { id: 'status', header: 'Status', meta: { label: 'Status' }, sortFn: 'basic', cell: (info) => <StatusTag status={info.getValue()} /> }),
  col.accessor('durationMs', {
    id: 'duration', header: 'Duration', meta: { label: 'Duration', align: 'end' }, sortFn: 'basic', cell: (info) => `${info.getValue().toFixed(1)} ms`,
  }),
  col.accessor((entry) => entry.keyPrefix ?? '', { id: 'key', header: 'Key', meta: { label: 'API key' }, sortFn: 'text', cell: (info) => info.getValue() ? <code>{info.getValue()}</code> : '—' }),
  col.accessor((entry) => entry.idempotencyKey ?? '', {
    id: 'idempotencyKey', header: 'Idempotency-Key', meta: { label: 'Idempotency-Key' }, sortFn: 'text',
    cell: (info) => info.getValue()
      ? <span className="row"><ShortId id={info.getValue()} />{info.row.original.replayed ? <Tag tone="info">Replayed</Tag> : null}</span>
      : '—',
  }),
  col.accessor('requestId', { id: 'requestId', header: 'Request', meta: { label: 'Request id' }, sortFn: 'text', cell: (info) => <code>{info.getValue()}</code> }),
  col.accessor((entry) => entry.transactionId ?? '', {
    id: 'transactionId', header: 'Transaction', meta: { label: 'Transaction' }, sortFn: 'text',
    cell: (info) => info.getValue()
      // Out of the tab order: the row is the one Tab stop (its screen links the transaction too).
      ? <Link to={pathTo(PATHS.transaction, { transactionId: info.getValue() })} onClick={(e) => e.stopPropagation()} tabIndex={-1}><ShortId id={info.getValue()} /></Link>
      : '—',
  }),
  col.accessor((entry) => entry.warnings.length + entry.faults.length, {
    id: 'warnings', header: 'Notes', meta: { label: 'Warnings and faults' }, sortFn: 'basic',
    cell: (info) => {
      const { warnings, faults } = info.row.original
      if (warnings.length + faults.length === 0) return ''
      return <span className="row">{warnings.length > 0 ? <Tag tone="warning">{`${warnings.length} warning${warnings.length > 1 ? 's' : ''}`}</Tag> : null}{faults.length > 0 ? <Tag tone="danger">{`${faults.length} fault${faults.length > 1 ? 's' : ''}`}</Tag> : null}</span>
    },
  }),
])

/** Hidden too on a narrow window, so time, method, path and status fit without scrolling sideways. */
export const REQUEST_NARROW_HIDDEN: readonly string[] = ['key', 'idempotencyKey', 'requestId', 'transactionId']
