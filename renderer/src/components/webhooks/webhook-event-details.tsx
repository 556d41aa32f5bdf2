import type { WebhookAttempt, WebhookDelivery, WebhookEvent } from '../../../../shared/schemas/webhooks'
import { PATHS } from '../../lib/paths'
import { Link, pathTo } from '../../lib/router'
import { CopyButton } from '../copy-button'
import { Tag } from '../status-badge'
import { Timestamp } from '../timestamp'
import { attemptOutcome, DELIVERY_TARGET_LABELS, deliveryState } from './webhook-labels'
import { WebhookResendForm } from './webhook-resend-form'
import './webhooks.css'

/**
 * One webhook event as support staff need it: what was sent (the exact envelope), where each delivery
 * went and why, every attempt with the receiver's status and answer (or why there was none), when the
 * next retry is due, and a resend.
 */
export function WebhookEventDetails({ event, defaultUrl, showTransaction = true }: { event: WebhookEvent; defaultUrl: string | null; showTransaction?: boolean }) {
  return (
    <article className="webhook-event" aria-label={`Webhook event ${event.id}`} data-testid="webhook-event" data-event-id={event.id}>
      <dl className="facts">
        <dt>Event</dt>
        <dd className="row"><code>{event.id}</code><CopyButton value={event.id} label="Copy event id" /></dd>
        <dt>Type</dt>
        <dd><code>{event.type}</code></dd>
        <dt>Created</dt>
        <dd><Timestamp ms={event.created} /></dd>
        {showTransaction && event.transactionId ? (
          <>
            <dt>Transaction</dt>
            <dd><Link to={pathTo(PATHS.transaction, { transactionId: event.transactionId })}><code>{event.transactionId}</code></Link></dd>
          </>
        ) : null}
      </dl>
      {event.deliveries.length === 0 ? (
        <p className="form__note">No delivery: neither a webhookUrl nor a default endpoint was set when this event happened.</p>
      ) : (
        <ol className="webhook-deliveries" aria-label="Deliveries">
          {event.deliveries.map((delivery) => <DeliveryItem key={delivery.id} delivery={delivery} />)}
        </ol>
      )}
      <details className="disclosure">
        <summary>Payload <span className="disclosure__hint">the envelope exactly as sent</span></summary>
        <pre className="code-block webhook-event__payload" tabIndex={0} role="region" aria-label="Payload as sent">{JSON.stringify(event.payload, null, 2)}</pre>
      </details>
      <details className="disclosure">
        <summary>Resend <span className="disclosure__hint">same event id and body, to the original or another URL</span></summary>
        <div className="disclosure__body">
          <WebhookResendForm event={event} defaultUrl={defaultUrl} />
        </div>
      </details>
    </article>
  )
}

function DeliveryItem({ delivery }: { delivery: WebhookDelivery }) {
  const state = deliveryState(delivery)
  return (
    <li className="webhook-delivery" data-testid="webhook-delivery" data-status={delivery.status}>
      <div className="webhook-delivery__head">
        <code className="webhook-delivery__url">{delivery.url}</code>
        <Tag tone={state.tone}>{state.label}</Tag>
        <span className="top-bar__meta">{DELIVERY_TARGET_LABELS[delivery.target]} · {delivery.attemptCount} {delivery.attemptCount === 1 ? 'attempt' : 'attempts'}</span>
      </div>
      {delivery.nextAttemptAt !== null ? (
        <p className="form__note">Next attempt <Timestamp ms={delivery.nextAttemptAt} /></p>
      ) : null}
      {delivery.stopReason !== null ? <p className="form__note" data-testid="webhook-delivery-stopped">{delivery.stopReason}</p> : null}
      {delivery.attempts.length > 0 ? (
        <ol className="webhook-attempts" aria-label={`Attempts to ${delivery.url}`}>
          {delivery.attempts.map((attempt) => <AttemptItem key={attempt.attemptNo} attempt={attempt} />)}
        </ol>
      ) : null}
    </li>
  )
}

function AttemptItem({ attempt }: { attempt: WebhookAttempt }) {
  const outcome = attemptOutcome(attempt)
  return (
    <li className="webhook-attempt" data-testid="webhook-attempt" data-response-status={attempt.responseStatus ?? ''}>
      <div className="webhook-attempt__head">
        <span className="webhook-attempt__no">#{attempt.attemptNo}</span>
        <Timestamp ms={attempt.startedAt} />
        <Tag tone={outcome.tone}>{outcome.label}</Tag>
        <span className="top-bar__meta">{attempt.durationMs.toLocaleString('en-GB')} ms</span>
        {attempt.faults.map((fault) => <Tag key={fault} tone="danger">{`fault: ${fault}`}</Tag>)}
      </div>
      {attempt.error ? <p className="webhook-attempt__error">{attempt.error}</p> : null}
      {attempt.responseBody ? (
        <pre className="webhook-attempt__body" tabIndex={0} role="region" aria-label={`Response body of attempt ${attempt.attemptNo}`}>{attempt.responseBody}</pre>
      ) : null}
    </li>
  )
}
