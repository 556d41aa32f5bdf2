import type { WebhookAttempt, WebhookDelivery } from '../../../../shared/schemas/webhooks'
import type { Tone } from '../status-badge'


/** Why a delivery went to its URL. */
export const DELIVERY_TARGET_LABELS: Record<WebhookDelivery['target'], string> = {
  request: "Request's webhookUrl",
  default: 'Default endpoint',
  test: 'Test event',
  resend: 'Resend from the console',
}

/** A delivery's state; a pending one that already failed an attempt is retrying on the backoff schedule. */
export function deliveryState(delivery: Pick<WebhookDelivery, 'status' | 'attemptCount' | 'stopReason'>): { label: string; tone: Tone } {
  if (delivery.status === 'succeeded') return { label: 'Delivered', tone: 'success' }
  // Its endpoint stopped taking the event type: not a receiver failure.
  if (delivery.stopReason !== null) return { label: 'Stopped', tone: 'neutral' }
  if (delivery.status === 'failed') return { label: 'Failed', tone: 'danger' }
  return delivery.attemptCount > 0 ? { label: 'Retrying', tone: 'warning' } : { label: 'Pending', tone: 'info' }
}

/** One attempt's outcome in a few words: the HTTP status, or why there was no answer. */
export function attemptOutcome(attempt: Pick<WebhookAttempt, 'responseStatus' | 'error'>): { label: string; tone: Tone } {
  if (attempt.responseStatus !== null) {
    const ok = attempt.responseStatus >= 200 && attempt.responseStatus < 300
    return { label: `HTTP ${attempt.responseStatus}`, tone: ok ? 'success' : 'danger' }
  }
  return { label: 'No answer', tone: 'danger' }
}

/** Where "resend to the original URL" goes, as the engine picks it: the request's webhookUrl, else the first non-resend delivery. */
export function originalUrl(deliveries: readonly Pick<WebhookDelivery, 'target' | 'url'>[]): string | null {
  const original = deliveries.find((d) => d.target === 'request') ?? deliveries.find((d) => d.target !== 'resend') ?? deliveries[0]
  return original?.url ?? null
}
