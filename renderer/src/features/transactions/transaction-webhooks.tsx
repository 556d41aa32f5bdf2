import { useWebhookEndpoint, useWebhookEvents } from '../../api/hooks/webhooks'
import { PATHS } from '../../lib/paths'
import { navigate } from '../../lib/router'
import { EmptyState } from '../../components/empty-state'
import { QueryView } from '../../components/query-view'
import { DEFAULT_WEBHOOK_LOG_FILTERS, useWebhookLogStore } from '../../stores/webhook-log-store'
import { WebhookEventDetails } from '../../components/webhooks/webhook-event-details'

/** The transaction's webhook events with every delivery attempt; attempts arrive live by push event. */
export function TransactionWebhooks({ transactionId }: { transactionId: string }) {
  const events = useWebhookEvents({ transactionId, limit: '200' })
  const endpoint = useWebhookEndpoint()
  const setFilters = useWebhookLogStore((state) => state.setFilters)
  const openLog = () => {
    setFilters({ ...DEFAULT_WEBHOOK_LOG_FILTERS, transactionId })
    navigate(PATHS.webhooks)
  }
  return (
    <QueryView
      query={events}
      loadingLabel="Loading webhook events…"
      empty={(
        <EmptyState title="No webhook events">
          When the transaction reaches a result, its event goes to the request&apos;s webhookUrl and to the default endpoint
          (Webhooks screen). Neither was set, or there is no result yet.
        </EmptyState>
      )}
    >
      {(items) => (
        <div className="stack">
          <ul className="webhook-event-list" aria-label="Webhook events of this transaction">
            {items.map((event) => (
              <li key={event.id}><WebhookEventDetails event={event} defaultUrl={endpoint.data?.defaultUrl ?? null} showTransaction={false} /></li>
            ))}
          </ul>
          <div><button type="button" className="button button--ghost button--small" onClick={openLog}>Open in the webhook log</button></div>
        </div>
      )}
    </QueryView>
  )
}
