import { useState } from 'react'
import type { AuditEntry } from '../../../../shared/schemas/console-support'
import { useAuditLog } from '../../api/hooks/support'
import { DataTable } from '../../components/data-table/data-table'
import { dataTableColumns } from '../../components/data-table/data-table-features'
import { EmptyState } from '../../components/empty-state'
import { SelectField } from '../../components/fields/select-field'
import { TextField } from '../../components/fields/text-field'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Tag } from '../../components/status-badge'
import { AuditWhen } from './audit-when'

const col = dataTableColumns<AuditEntry>()
/** Who did what, when and to what always show; the request id waits behind Columns, and on a narrow window the environment too. */
const HIDDEN = ['requestId']
const NARROW_HIDDEN = ['environment']

const COLUMNS = col.columns([
  // Sorted by the order entries were written (their id), which is when they really happened whichever clock they show.
  col.accessor('id', { id: 'at', header: 'When', meta: { label: 'When' }, sortFn: 'basic', cell: (info) => <AuditWhen entry={info.row.original} /> }),
  col.accessor((entry) => whoDid(entry.actor), { id: 'actor', header: 'Who', meta: { label: 'Who', wrap: true }, sortFn: 'text', cell: (info) => info.getValue() }),
  col.accessor('environment', { id: 'environment', header: 'Environment', meta: { label: 'Environment' }, sortFn: 'text', cell: (info) => <Tag tone={info.getValue() === 'live' ? 'warning' : 'neutral'}>{info.getValue()}</Tag> }),
  col.accessor('label', { id: 'label', header: 'Action', meta: { label: 'Action', wrap: true }, sortFn: 'text', cell: (info) => <span title={info.row.original.action}>{info.getValue()}</span> }),
  col.accessor('target', { id: 'target', header: 'Target', meta: { label: 'Target' }, sortFn: 'text', cell: (info) => (info.getValue() ? <code className="cut-id" title={info.getValue() ?? undefined}>{info.getValue()}</code> : '—') }),
  col.accessor((entry) => entry.details ?? '', { id: 'details', header: 'Details', meta: { label: 'Details', wrap: true }, sortFn: 'text', cell: (info) => info.getValue() || '—' }),
  col.accessor('requestId', { id: 'requestId', header: 'Request id', meta: { label: 'Request id' }, sortFn: 'text', cell: (info) => <code>{info.getValue()}</code> }),
])
/** Who acted, in words: a user with their role; the console token and the desktop window by what they are. */
function whoDid(actor: AuditEntry['actor']): string {
  if (actor.id === 'automation') return 'automation (console token)'
  if (actor.id === 'local') return `${actor.name} (desktop app)`
  return `${actor.name} (${actor.role})`
}
const NEWEST_FIRST = [{ id: 'at', desc: true }]
const rowId = (entry: AuditEntry) => String(entry.id)
const ENVIRONMENTS = [{ value: 'test', label: 'Test' }, { value: 'live', label: 'Live' }]

/**
 * The audit log: every console action that changed something (keys, secrets, endpoints, resends,
 * reversals, simulator and clock, fees, resets...), newest first. Append-only: nothing here can be edited,
 * and a sandbox reset keeps it (and is itself recorded).
 */
export function AuditScreen() {
  const [environment, setEnvironment] = useState('')
  const [action, setAction] = useState('')
  const [target, setTarget] = useState('')
  const [pages, setPages] = useState<number[]>([])
  const before = pages[pages.length - 1]
  const log = useAuditLog({
    ...(environment ? { environment: environment as 'test' | 'live' } : {}), ...(action ? { action } : {}), ...(target.trim() ? { target: target.trim() } : {}),
    ...(before !== undefined ? { before: String(before) } : {}), limit: '100',
  })
  const actions = (log.data?.actions ?? []).map((value) => ({ value, label: value }))
  const resetPaging = () => setPages([])
  return (
    <>
      <PageHeader title="Audit log" description="Every console action that changed something, with when it really happened (the simulated time beside it when QA has moved that clock), environment, target, who did it and request id. Append-only: it cannot be edited, and a sandbox reset keeps it." />
      <div className="stack">
        <form className="filter-bar" aria-label="Filter the audit log" onSubmit={(event) => event.preventDefault()}>
          <SelectField markOptional={false} label="Environment" value={environment} options={ENVIRONMENTS} placeholder="Both" onChange={(v) => { setEnvironment(v); resetPaging() }} />
          <SelectField markOptional={false} label="Action" value={action} options={actions} placeholder="Any action" onChange={(v) => { setAction(v); resetPaging() }} />
          <TextField markOptional={false} label="Target" value={target} spellCheck={false} autoComplete="off" placeholder="Key, event or transaction id" onChange={(v) => { setTarget(v); resetPaging() }} />
        </form>
        <Panel title="Entries" actions={<button type="button" className="button button--secondary button--small" onClick={() => void log.refetch()}>Refresh</button>}>
          <QueryView query={log} loadingLabel="Loading the audit log…" isEmpty={(data) => data.items.length === 0}
            empty={<EmptyState title="Nothing recorded yet">Actions such as creating a key, resending a webhook or resetting the sandbox show up here.</EmptyState>}>
            {(data) => (
              <div className="stack">
                <DataTable caption="Audit log" columns={COLUMNS} data={data.items} getRowId={rowId} initialSorting={NEWEST_FIRST} preferencesKey="audit.list" initialHidden={HIDDEN} narrowHidden={NARROW_HIDDEN} />
                <div className="form__actions">
                  {pages.length > 0 ? <button type="button" className="button button--secondary button--small" onClick={() => setPages(pages.slice(0, -1))}>Newer</button> : null}
                  {data.nextBefore !== null ? <button type="button" className="button button--secondary button--small" onClick={() => setPages([...pages, data.nextBefore!])}>Older</button> : null}
                </div>
              </div>
            )}
          </QueryView>
        </Panel>
      </div>
    </>
  )
}
