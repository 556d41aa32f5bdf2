import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { WebhookEventTypeSchema, type WebhookEvent } from '../../../../shared/schemas/webhooks'
import { useWebhookEndpoint, useWebhookEvent, useWebhookEvents } from '../../api/hooks/webhooks'
import { DataTable } from '../../components/data-table/data-table'
import { EmptyState } from '../../components/empty-state'
import { SelectField } from '../../components/fields/select-field'
import { TextField } from '../../components/fields/text-field'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { optionalText } from '../../forms/optional'
import { DEFAULT_WEBHOOK_LOG_FILTERS, useWebhookLogStore, type WebhookLogFilters } from '../../stores/webhook-log-store'
import { WEBHOOK_EVENT_COLUMNS } from './webhook-event-columns'
import { WebhookEventDetails } from '../../components/webhooks/webhook-event-details'

/** The API's largest page of events; the log is for recent activity, older events are found by filter. */
const LOG_LIMIT = '200'
const TYPE_OPTIONS = WebhookEventTypeSchema.options.map((value) => ({ value, label: value }))
const eventId = (event: WebhookEvent) => event.id
const HIDDEN_COLUMNS = ['attempts']

/**
 * The event and attempt log: filter by transaction, delivery URL or event type; open an event for its
 * deliveries, every attempt with the receiver's answer, and resend. New attempts arrive by push event.
 */
export function WebhookEventLog() {
  const filters = useWebhookLogStore((state) => state.filters)
  const setFilters = useWebhookLogStore((state) => state.setFilters)
  const selectedEventId = useWebhookLogStore((state) => state.selectedEventId)
  const select = useWebhookLogStore((state) => state.select)
  const query = useMemo(() => ({
    transactionId: optionalText(filters.transactionId), url: optionalText(filters.url), type: filters.type || undefined, limit: LOG_LIMIT,
  }), [filters])
  const events = useWebhookEvents(query)

  return (
    <>
      <Panel title="Event log">
        <div className="stack">
          <LogFilters applied={filters} onApply={setFilters} />
          <QueryView
            query={events}
            loadingLabel="Loading webhook events…"
            empty={<EmptyState title="No webhook events match">Events appear when a transaction finishes, a balance changes, or you send a test event.</EmptyState>}
          >
            {(items) => (
              <div className="panel-flush">
                <DataTable caption="Webhook events" columns={WEBHOOK_EVENT_COLUMNS} data={items} getRowId={eventId}
                  preferencesKey="webhooks.events" initialHidden={HIDDEN_COLUMNS} onRowActivate={(event) => select(event.id)} />
              </div>
            )}
          </QueryView>
        </div>
      </Panel>
      {selectedEventId ? <SelectedEvent eventId={selectedEventId} onClose={() => select(null)} /> : null}
    </>
  )
}

function LogFilters({ applied, onApply }: { applied: WebhookLogFilters; onApply(filters: WebhookLogFilters): void }) {
  const [draft, setDraft] = useState(applied)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onApply(draft)
  }
  const clear = () => {
    setDraft(DEFAULT_WEBHOOK_LOG_FILTERS)
    onApply(DEFAULT_WEBHOOK_LOG_FILTERS)
  }
  return (
    <form className="webhook-filters" onSubmit={submit} aria-label="Filter webhook events">
      <TextField markOptional={false} label="Transaction id" value={draft.transactionId} placeholder="txn_…" spellCheck={false} autoComplete="off"
        onChange={(transactionId) => setDraft({ ...draft, transactionId })} />
      <TextField markOptional={false} label="Delivery URL" type="url" value={draft.url} placeholder="https://example.com/webhooks" spellCheck={false} autoComplete="off"
        onChange={(url) => setDraft({ ...draft, url })} hint="Exact URL a delivery went to" />
      <SelectField markOptional={false} label="Event type" value={draft.type} options={TYPE_OPTIONS} placeholder="Any type"
        onChange={(type) => setDraft({ ...draft, type: type as WebhookLogFilters['type'] })} />
      <div className="row webhook-filters__actions">
        <button type="submit" className="button button--primary">Filter</button>
        <button type="button" className="button button--secondary" onClick={clear}>Clear</button>
      </div>
    </form>
  )
}

/** The opened event, below the log; it takes focus so keyboard and screen-reader users land on it. */
function SelectedEvent({ eventId: id, onClose }: { eventId: string; onClose(): void }) {
  const event = useWebhookEvent(id)
  const endpoint = useWebhookEndpoint()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.focus()
    ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
  }, [id])
  return (
    <div ref={ref} tabIndex={-1} className="selected-event" aria-label={`Webhook event ${id}`} role="region">
      <Panel title="Event details" actions={<button type="button" className="button button--ghost button--small" onClick={onClose}>Close</button>}>
        <QueryView query={event} loadingLabel="Loading the event…">
          {(data) => <WebhookEventDetails event={data} defaultUrl={endpoint.data?.defaultUrl ?? null} />}
        </QueryView>
      </Panel>
    </div>
  )
}
