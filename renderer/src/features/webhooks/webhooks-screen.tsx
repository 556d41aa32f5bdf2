import { Can } from '../../components/can'
import { PageHeader } from '../../components/page-header'
import { DoctorPanel } from './doctor-panel'
import { WebhookFaultsPanel } from './webhook-faults-panel'
import { useWebhookLogStore } from '../../stores/webhook-log-store'
import { WebhookEndpointPanel } from './webhook-endpoint-panel'
import { WebhookEventLog } from './webhook-event-log'
import { WebhookSecretPanel } from './webhook-secret-panel'
import '../../components/transactions/transactions.css'
import '../../components/webhooks/webhooks.css'

/**
 * Webhooks of the current environment: where events go by default, the signing secret, a test event,
 * and the log of every event with its deliveries and attempts (filter, inspect, resend).
 */
export function WebhooksScreen() {
  const select = useWebhookLogStore((state) => state.select)
  return (
    <>
      <PageHeader title="Webhooks" description="Events sent to your endpoints, every delivery attempt with the answer your server gave, and resend. Retries follow the backoff schedule of docs/webhooks.md." />
      <div className="stack">
        <Can permission="webhooks.manage">
          <div className="grid grid--2">
            <WebhookEndpointPanel onTestSent={(event) => select(event.id)} />
            <WebhookSecretPanel />
          </div>
        </Can>
        <Can permission="faults.manage">
          <div className="grid grid--2">
            <WebhookFaultsPanel />
            <DoctorPanel />
          </div>
        </Can>
        <WebhookEventLog />
      </div>
    </>
  )
}
