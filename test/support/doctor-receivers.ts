import { Webhook } from 'standardwebhooks'
import { providerTimestamp, startWebhookReceiver, verifyProviderSignature, type ReceivedWebhook, type ReceiverAnswer, type WebhookReceiver } from './webhook-receiver'

/**
 * Three webhook receivers for the receiver doctor's tests, written the way merchants write them:
 * - correct: verifies the Standard Webhooks headers with the `standardwebhooks` package AND the provider
 *   header with node:crypto (every v1, timestamp within 5 minutes), acknowledges duplicates but processes
 *   each event id once, and answers 2xx to types it does not know;
 * - anything: answers 200 to everything (no verification at all);
 * - strictTypes: verifies like the correct one but answers 500 to event types it does not know.
 */
export type DoctorReceiverKind = 'correct' | 'anything' | 'strictTypes'

const KNOWN_TYPES = new Set([
  'transaction.succeeded', 'transaction.failed', 'transaction.creation_failed', 'transaction.reversed',
  'payout.succeeded', 'payout.failed', 'balance.updated', 'test.event',
])
const TOLERANCE_SECONDS = 5 * 60

export interface DoctorReceiver extends WebhookReceiver {
  /** How many times each event id was processed (not merely acknowledged). */
  processed: Map<string, number>
}

function verified(secret: string, request: ReceivedWebhook): boolean {
  try {
    new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    })
  } catch {
    return false
  }
  if (typeof request.headers['x-webhook-signature'] !== 'string') return false
  if (Math.abs(Date.now() / 1000 - providerTimestamp(request)) > TOLERANCE_SECONDS) return false
  return verifyProviderSignature(secret, request)
}

export async function startDoctorReceiver(kind: DoctorReceiverKind, secret: string): Promise<DoctorReceiver> {
  const receiver = (await startWebhookReceiver()) as DoctorReceiver
  receiver.processed = new Map()
  receiver.answer = (request): ReceiverAnswer => {
    if (kind === 'anything') return { status: 200, body: 'ok' }
    if (!verified(secret, request)) return { status: 401, body: 'invalid signature' }
    const event = JSON.parse(request.body) as { id: string; type: string }
    if (!KNOWN_TYPES.has(event.type)) {
      if (kind === 'strictTypes') return { status: 500, body: `unknown event type ${event.type}` }
      return { status: 200, body: 'ignored' }
    }
    if (receiver.processed.has(event.id)) return { status: 200, body: 'duplicate' }
    receiver.processed.set(event.id, 1)
    return { status: 200, body: 'processed' }
  }
  return receiver
}
