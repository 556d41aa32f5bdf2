import type { WebhookEvent } from '../../../../shared/schemas/webhooks'
import { PATHS } from '../../lib/paths'
import { Link, pathTo } from '../../lib/router'
import { dataTableColumns } from '../../components/data-table/data-table-features'
import { Tag } from '../../components/status-badge'
import { Timestamp } from '../../components/timestamp'
import { ShortId } from '../../components/short-id'
import { deliveryState } from '../../components/webhooks/webhook-labels'

const col = dataTableColumns<WebhookEvent>()

const NO_ATTEMPT = -1
const NO_ANSWER = 0

/** The HTTP status of the event's latest attempt; NO_ANSWER when it got none (refused, timed out), NO_ATTEMPT before any. */
function lastResponse(event: WebhookEvent): number {
  const attempts = event.deliveries.flatMap((d) => d.attempts).sort((a, b) => a.startedAt - b.startedAt)
  if (attempts.length === 0) return NO_ATTEMPT
  return attempts[attempts.length - 1]!.responseStatus ?? NO_ANSWER
}

/** "2 Delivered · 1 Retrying": the deliveries of an event counted by state, on one line. */
function DeliverySummary({ deliveries }: { deliveries: WebhookEvent['deliveries'] }) {
  if (deliveries.length === 0) return <>None</>
  const counts = new Map<string, { tone: ReturnType<typeof deliveryState>['tone']; count: number }>()
  for (const delivery of deliveries) {
    const state = deliveryState(delivery)
    counts.set(state.label, { tone: state.tone, count: (counts.get(state.label)?.count ?? 0) + 1 })
  }
  return (
    <span className="delivery-summary">
      {[...counts].map(([label, { tone, count }]) => <Tag key={label} tone={tone}>{`${count} ${label}`}</Tag>)}
    </span>
  )
}

/** Columns of the event log; the row opens the event's deliveries and attempts below the table. */
export const WEBHOOK_EVENT_COLUMNS = col.columns([
  col.accessor('created', { id: 'created', header: 'Created', meta: { label: 'Created' }, sortFn: 'basic', cell: (info) => <Timestamp ms={info.getValue()} compact /> }),
  col.accessor('type', { id: 'type', header: 'Type', meta: { label: 'Event type' }, sortFn: 'text', cell: (info) => <code>{info.getValue()}</code> }),
  col.accessor('id', { id: 'id', header: 'Event', meta: { label: 'Event id' }, sortFn: 'text', cell: (info) => <ShortId id={info.getValue()} /> }),
  col.accessor((event) => event.transactionId ?? '', {
    id: 'transactionId', header: 'Transaction', meta: { label: 'Transaction' }, sortFn: 'text',
    cell: (info) => info.getValue()
      // Out of the tab order: the row is the one Tab stop (the opened event links its transaction too).
      ? <Link to={pathTo(PATHS.transaction, { transactionId: info.getValue() })} onClick={(e) => e.stopPropagation()} tabIndex={-1}><ShortId id={info.getValue()} /></Link>
      : '—',
  }),
  col.display({
    id: 'deliveries', header: 'Deliveries', meta: { label: 'Deliveries' },
    cell: (info) => <DeliverySummary deliveries={info.row.original.deliveries} />,
  }),
  col.accessor((event) => event.deliveries.reduce((sum, d) => sum + d.attemptCount, 0), {
    id: 'attempts', header: 'Attempts', meta: { label: 'Attempts', align: 'end' }, sortFn: 'basic',
  }),
  col.accessor(lastResponse, {
    id: 'lastResponse', header: 'Response', meta: { label: 'Last response', align: 'end' }, sortFn: 'basic',
    cell: (info) => (info.getValue() === NO_ATTEMPT ? '—' : info.getValue() === NO_ANSWER ? 'No answer' : `HTTP ${info.getValue()}`),
  }),
])
