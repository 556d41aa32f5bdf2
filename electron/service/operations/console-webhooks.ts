import { ApiError } from '../../../shared/errors'
import { EndpointEventTypeSchema, type WebhookDelivery, type WebhookEvent } from '../../../shared/schemas/webhooks'
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhookEventRecord, WebhookEventRow } from '../db/webhooks-repo'
import type { OperationContext } from './types'
import { toWebhookDelivery, toWebhookEndpoint, toWebhookEvent } from '../views/webhook'
import { enqueueTestEvent, insertDelivery } from '../outbox/outbox'
import type { PartialOperationTable } from './types'

const DEFAULT_LIST_LIMIT = 50
const DEFAULT_ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000
const STOPPED_UNCHOSEN = 'Stopped: the default endpoint no longer takes this event type (PUT /console/webhooks/endpoint).'

/** The console's environment owns an endpoint row from provisioning; a missing one is a bug, not bad input. */
function endpointOf(ctx: OperationContext): WebhookEndpointRow {
  const endpoint = ctx.store.webhooks.endpoint(ctx.principal.organizationId, ctx.principal.environment)
  if (!endpoint) throw new Error(`no webhook endpoint row for ${ctx.principal.organizationId}/${ctx.principal.environment}`)
  return endpoint
}

/** Both clocks of this call: the secret overlap runs on the wall clock, the console also shows it simulated. */
function clocksOf(ctx: OperationContext): { wall: number; simulated: number } {
  return { wall: ctx.host.wallNow(), simulated: ctx.now }
}

function deliveryView(ctx: OperationContext, row: WebhookDeliveryRow): WebhookDelivery {
  return toWebhookDelivery(row, ctx.store.webhooks.attemptsOfDelivery(row.id))
}

/** An event with its transaction's public id and every delivery with its attempts. */
function eventView(ctx: OperationContext, row: WebhookEventRecord): WebhookEvent {
  const transaction = row.transaction_id === null ? undefined : ctx.store.transactions.get(row.transaction_id)
  return toWebhookEvent(row, transaction?.public_id ?? null, ctx.store.webhooks.deliveriesOfEvent(row.id).map((delivery) => deliveryView(ctx, delivery)))
}

/** An event of the console's organization and environment, or 404 (other scopes' events do not exist here). */
function ownEvent(ctx: OperationContext, eventId: string): WebhookEventRecord {
  const event = ctx.store.webhooks.event(eventId)
  if (!event || event.organization_id !== ctx.principal.organizationId || event.environment !== ctx.principal.environment) {
    throw new ApiError('not_found', `No webhook event ${eventId}.`, 'eventId')
  }
  return event
}

/** Resend without a URL goes where the event went first: the request's webhookUrl, then the default endpoint. */
function resendUrl(ctx: OperationContext, event: WebhookEventRow, url: string | undefined): string {
  if (url !== undefined) return url
  const deliveries = ctx.store.webhooks.deliveriesOfEvent(event.id)
  const original = deliveries.find((d) => d.target === 'request') ?? deliveries.find((d) => d.target !== 'resend') ?? deliveries[0]
  const fallback = original?.url ?? endpointOf(ctx).default_url
  if (!fallback) throw new ApiError('missing_parameter', 'url is required: this event has no earlier delivery and no default endpoint is set.', 'url')
  return fallback
}

export const CONSOLE_WEBHOOKS_OPERATIONS: PartialOperationTable<
  | 'console.webhooks.events.list' | 'console.webhooks.events.get' | 'console.webhooks.events.resend' | 'console.webhooks.endpoint.get'
  | 'console.webhooks.endpoint.update' | 'console.webhooks.secret.rotate' | 'console.webhooks.test'
> = {
  'console.webhooks.events.list': (ctx, { query }) => {
    const { organizationId, environment } = ctx.principal
    let transactionId: number | null = null
    if (query.transactionId !== undefined) {
      const transaction = ctx.store.transactions.getByPublicId(organizationId, environment, query.transactionId)
      if (!transaction) return { items: [] }
      transactionId = transaction.id
    }
    const rows = ctx.store.webhooks.listEvents({
      organizationId, environment, transactionId, url: query.url ?? null, type: query.type ?? null, limit: query.limit ?? DEFAULT_LIST_LIMIT,
    })
    return { items: rows.map((row) => eventView(ctx, row)) }
  },
  'console.webhooks.events.get': (ctx, { params }) => eventView(ctx, ownEvent(ctx, params.eventId)),
  'console.webhooks.events.resend': (ctx, { params, body }) => {
    const event = ownEvent(ctx, params.eventId)
    const delivery = insertDelivery(ctx, event.id, resendUrl(ctx, event, body.url), 'resend')
    return deliveryView(ctx, delivery)
  },
  'console.webhooks.endpoint.get': (ctx) => toWebhookEndpoint(endpointOf(ctx), clocksOf(ctx)),
  'console.webhooks.endpoint.update': (ctx, { body }) => {
    // Kept in the catalogue's order, whatever order they were sent in.
    const events = body.events ? EndpointEventTypeSchema.options.filter((type) => body.events!.includes(type)) : null
    const endpoint: WebhookEndpointRow = { ...endpointOf(ctx), default_url: body.defaultUrl, events }
    ctx.store.webhooks.saveEndpoint(endpoint)
    // Events it no longer takes are not retried to it either (a receiver refusing them would fill the log).
    if (events !== null) ctx.store.webhooks.stopUnchosenDefaultDeliveries(ctx.principal, events, STOPPED_UNCHOSEN, ctx.now)
    return toWebhookEndpoint(endpoint, clocksOf(ctx))
  },
  'console.webhooks.secret.rotate': (ctx, { body }) => {
    // Only two secrets at a time: rotating again during an overlap ends the older secret's overlap at once.
    // The overlap is counted on the wall clock: it is the merchant's time to deploy the new secret, which an
    // advanced simulated clock must not cut short (docs/webhooks.md "Rotating the secret").
    const current = endpointOf(ctx)
    const clocks = clocksOf(ctx)
    const endpoint: WebhookEndpointRow = {
      ...current, secret: ctx.ids.webhookSecret(), previous_secret: current.secret,
      previous_secret_expires_at: clocks.wall + (body.overlapMs ?? DEFAULT_ROTATION_OVERLAP_MS),
    }
    ctx.store.webhooks.saveEndpoint(endpoint)
    return toWebhookEndpoint(endpoint, clocks)
  },
  'console.webhooks.test': (ctx, { body }) => {
    const url = body.url ?? endpointOf(ctx).default_url
    if (!url) throw new ApiError('missing_parameter', 'url is required: no default endpoint is set (PUT /console/webhooks/endpoint).', 'url')
    const eventId = enqueueTestEvent(ctx, ctx.principal, url)
    return eventView(ctx, ctx.store.webhooks.event(eventId)!)
  },
}
