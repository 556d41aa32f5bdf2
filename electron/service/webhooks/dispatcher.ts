import type { Engine } from '../engine'
import type { WebhookTransport } from './transport'

/** Sends due webhook deliveries (outbox rows), signs them, records attempts and schedules retries. */
export function createWebhookDispatcher(_engine: Engine, _transport: WebhookTransport | undefined) {
  return {
    /** Starts every due delivery (bounded concurrency) and resolves when the attempts started here finish. */
    async tick(): Promise<void> {},
  }
}
export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>
