import { useEffect, useId, useMemo, useState, type FormEvent } from 'react'
import { isDay } from '../../../../shared/local-days'
import type { RequestLogEntry, RequestLogQuery } from '../../../../shared/schemas/request-log'
import type { HarQuery } from '../../../../shared/schemas/har'
import { DocumentDownloadButton } from '../../components/document-download-button'
import { useRequestLog } from '../../api/hooks/requests'
import { PATHS } from '../../lib/paths'
import { navigate, pathTo } from '../../lib/router'
import { DataTable } from '../../components/data-table/data-table'
import { EmptyState } from '../../components/empty-state'
import { SelectField } from '../../components/fields/select-field'
import { TextField } from '../../components/fields/text-field'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { optionalText } from '../../forms/optional'
import { localDayStart } from '../../lib/dates'
import { DEFAULT_REQUEST_LOG_FILTERS, useRequestLogStore, type RequestLogFilters } from '../../stores/request-log-store'
import { REQUEST_COLUMNS, REQUEST_NARROW_HIDDEN } from '../../components/requests/request-columns'
import '../../components/transactions/transactions.css'
import '../../components/webhooks/webhooks.css'
import '../../components/requests/requests.css'

const PAGE_SIZE = '100'
const STATUS_OPTIONS = ['2xx', '3xx', '4xx', '5xx'].map((value) => ({ value, label: value }))
const SOURCE_OPTIONS = [{ value: 'integration', label: 'Your integration' }, { value: 'console', label: 'This console' }, { value: 'provider', label: 'Paydesk to the provider' }, { value: 'provider-webhook', label: 'The provider’s webhooks (hints)' }]
/** A pause in typing before text filters apply. */
const APPLY_DELAY_MS = 400
const TEXT_FILTERS = ['path', 'key', 'idempotencyKey', 'requestId', 'transactionId'] as const
const HIDDEN_COLUMNS = ['duration']
const requestIdOf = (entry: RequestLogEntry) => entry.requestId

/** "2026-11-21 09:00" as ms since the epoch, read in the organization's time zone (not the browser's). */
function toMs(local: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}):(\d{2})$/.exec(local.trim())
  if (!match || !isDay(match[1]!)) return undefined
  return String(localDayStart(match[1]!) + (Number(match[2]) * 60 + Number(match[3])) * 60_000)
}

export function requestLogQuery(filters: RequestLogFilters, cursor: string | undefined): RequestLogQuery {
  return {
    source: filters.source || undefined, status: filters.status || undefined, path: optionalText(filters.path), key: optionalText(filters.key),
    idempotencyKey: optionalText(filters.idempotencyKey), requestId: optionalText(filters.requestId),
    transactionId: optionalText(filters.transactionId), from: toMs(filters.from), to: toMs(filters.to), cursor, limit: PAGE_SIZE,
  }
}

/** The HAR export takes the log's filters (not its page): every matching request, newest 1,000. */
function harQuery(filters: RequestLogFilters): HarQuery {
  const { cursor: _cursor, limit: _limit, ...rest } = requestLogQuery(filters, undefined)
  return rest
}

/**
 * Developers → Requests: every /v1 request your integration made in this environment, refused ones
 * too, newest first. Filter, then open one for its headers, bodies, warnings and "Copy as curl". New
 * requests arrive by push event while the newest page is shown.
 */
export function RequestsScreen() {
  const { filters, cursors, setFilters, older, newer } = useRequestLogStore()
  const cursor = cursors[cursors.length - 1]
  const query = useMemo(() => requestLogQuery(filters, cursor), [filters, cursor])
  const log = useRequestLog(query)
  return (
    <>
      <PageHeader title="Requests" description="Every API request your integration sent to /v1 in this environment, with what Paydesk answered; the console's own calls are under “Sent by”. Secrets are never stored." />
      <Panel title="Request log">
        <div className="stack">
          <RequestFilters applied={filters} onApply={setFilters} />
          <QueryView
            query={log}
            loadingLabel="Loading requests…"
            isEmpty={(page) => page.items.length === 0}
            empty={<EmptyState title="No requests match">Requests appear here as your integration calls the API (the base URL is on Home).</EmptyState>}
          >
            {(page) => (
              <div className="stack">
                <div className="panel-flush">
                  <DataTable caption="API requests" columns={REQUEST_COLUMNS} data={page.items} getRowId={requestIdOf} preferencesKey="requests.log"
                    initialHidden={HIDDEN_COLUMNS} narrowHidden={REQUEST_NARROW_HIDDEN} onRowActivate={(entry) => navigate(pathTo(PATHS.request, { requestId: entry.requestId }))} />
                </div>
                <div className="row">
                  <DocumentDownloadButton routeId="console.requests.har" input={{ query: harQuery(filters) }} fileName="paydesk-requests.har" label="Export HAR" />
                  <button type="button" className="button button--secondary" disabled={cursors.length === 0} onClick={newer}>Newer</button>
                  <button type="button" className="button button--secondary" disabled={page.nextCursor === null} onClick={() => page.nextCursor && older(page.nextCursor)}>Older</button>
                </div>
              </div>
            )}
          </QueryView>
        </div>
      </Panel>
    </>
  )
}

const MORE_FILTERS = ['path', 'key', 'idempotencyKey', 'from', 'to'] as const

function RequestFilters({ applied, onApply }: { applied: RequestLogFilters; onApply(filters: RequestLogFilters): void }) {
  const [draft, setDraft] = useState(applied)
  const field = (name: keyof RequestLogFilters) => (value: string) => setDraft({ ...draft, [name]: value })
  // Applied as they change: choices at once, typed text after a pause, a time once it is complete.
  useEffect(() => {
    if (JSON.stringify(draft) === JSON.stringify(applied)) return
    if ((draft.from && !toMs(draft.from)) || (draft.to && !toMs(draft.to))) return
    const typing = TEXT_FILTERS.some((name) => draft[name] !== applied[name])
    const timer = setTimeout(() => onApply(draft), typing ? APPLY_DELAY_MS : 0)
    return () => clearTimeout(timer)
  }, [draft, applied, onApply])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onApply(draft)
  }
  // Path, key, Idempotency-Key and times wait behind "More filters" (open by themselves while one holds a value).
  const moreId = useId()
  const [moreOpen, setMoreOpen] = useState(false)
  const moreInUse = MORE_FILTERS.some((name) => draft[name] !== DEFAULT_REQUEST_LOG_FILTERS[name])
  const showMore = moreOpen || moreInUse
  const clear = () => {
    setDraft(DEFAULT_REQUEST_LOG_FILTERS)
    onApply(DEFAULT_REQUEST_LOG_FILTERS)
  }
  return (
    <form className="request-filters" onSubmit={submit} aria-label="Filter requests">
      <SelectField label="Sent by" value={draft.source} options={SOURCE_OPTIONS} placeholder="Anyone" onChange={field('source')} markOptional={false} />
      <SelectField markOptional={false} label="Status" value={draft.status} options={STATUS_OPTIONS} placeholder="Any status" onChange={field('status')} />
      <TextField markOptional={false} label="Request id" value={draft.requestId} placeholder="req_…" spellCheck={false} autoComplete="off" onChange={field('requestId')} hint="X-Request-Id of the answer" />
      <TextField markOptional={false} label="Transaction id" value={draft.transactionId} placeholder="txn_…" spellCheck={false} autoComplete="off" onChange={field('transactionId')} />
      <div className="request-filters__more" id={moreId} hidden={!showMore}>
        <TextField markOptional={false} label="Path" value={draft.path} placeholder="/v1/mobile/charge" spellCheck={false} autoComplete="off" onChange={field('path')} />
        <TextField markOptional={false} label="API key" value={draft.key} placeholder="sk_test_AbCd" spellCheck={false} autoComplete="off" onChange={field('key')} hint="Start of the key prefix" />
        <TextField markOptional={false} label="Idempotency-Key" value={draft.idempotencyKey} spellCheck={false} autoComplete="off" onChange={field('idempotencyKey')} />
        <TextField markOptional={false} label="From" value={draft.from} placeholder="YYYY-MM-DD HH:MM" spellCheck={false} autoComplete="off" onChange={field('from')} />
        <TextField markOptional={false} label="To" value={draft.to} placeholder="YYYY-MM-DD HH:MM" spellCheck={false} autoComplete="off" onChange={field('to')} />
      </div>
      <div className="row request-filters__actions">
        <button type="submit" className="button button--primary">Filter</button>
        <button type="button" className="button button--secondary" onClick={clear}>Clear</button>
        <button type="button" className="button button--secondary" aria-expanded={showMore} aria-controls={moreId} disabled={moreInUse} onClick={() => setMoreOpen(!moreOpen)}>More filters</button>
      </div>
    </form>
  )
}
