import { z } from 'zod'
import {
  ResendWebhookRequestSchema, RotateWebhookSecretRequestSchema, TestWebhookRequestSchema, UpdateWebhookEndpointRequestSchema,
  WebhookDeliverySchema, WebhookEndpointSchema, WebhookEventPathSchema, WebhookEventSchema, WebhookEventsQuerySchema,
} from '../../schemas/webhooks'
import { defineRoutes } from '../route'

/** Console routes of the webhooks area: the event and attempt log, resend, the default endpoint and its secret. */
export const CONSOLE_WEBHOOKS_ROUTES = defineRoutes({
  'console.webhooks.events.list': {
    method: 'GET', path: '/console/webhooks/events', surface: 'console', permission: 'transactions.read', tag: 'Webhooks',
    summary: 'Webhook events of the current environment, newest first, with their deliveries and every attempt',
    description: 'Filter by transaction (public id), by a delivery URL, or by event type. limit defaults to 50.',
    query: WebhookEventsQuerySchema, response: z.object({ items: z.array(WebhookEventSchema) }), successStatus: 200,
    message: 'Webhook events retrieved successfully', idempotency: 'none',
  },
  'console.webhooks.events.get': {
    method: 'GET', path: '/console/webhooks/events/{eventId}', surface: 'console', permission: 'transactions.read', tag: 'Webhooks',
    summary: 'One webhook event with its deliveries and attempts',
    description: 'The event with its exact payload, every delivery (request URL, default endpoint, test, resend) and every attempt with its answer, duration and faults.',
    params: WebhookEventPathSchema, response: WebhookEventSchema, successStatus: 200,
    message: 'Webhook event retrieved successfully', idempotency: 'none',
  },
  'console.webhooks.events.resend': {
    method: 'POST', path: '/console/webhooks/events/{eventId}/resend', surface: 'console', permission: 'webhooks.resend', tag: 'Webhooks',
    summary: 'Send an event again: a new delivery, due now, with the same event id and body',
    description: 'Without url: to the URL of the event\'s first delivery (the request\'s webhookUrl before the default endpoint), else the default endpoint.',
    params: WebhookEventPathSchema, body: ResendWebhookRequestSchema, response: WebhookDeliverySchema, successStatus: 201,
    message: 'Webhook resend scheduled', idempotency: 'none',
  },
  'console.webhooks.endpoint.get': {
    method: 'GET', path: '/console/webhooks/endpoint', surface: 'console', permission: 'webhooks.manage', tag: 'Webhooks',
    summary: 'The default endpoint and signing secret of the current environment',
    description: 'The default endpoint URL, the events it takes (null: all), the signing secret and, during a rotation, when the previous secret stops signing, on the wall clock and on the simulated clock.',
    response: WebhookEndpointSchema, successStatus: 200, message: 'Webhook endpoint retrieved successfully', idempotency: 'none',
  },
  'console.webhooks.endpoint.update': {
    method: 'PUT', path: '/console/webhooks/endpoint', surface: 'console', permission: 'webhooks.manage', tag: 'Webhooks',
    summary: 'Set (or clear with null) the default endpoint and the events it takes (null: every event, balance.updated included)',
    description: "defaultUrl receives the environment's events (null clears it). events chooses which: null or absent for every event, balance.updated included; a list for those only. Events not chosen are neither delivered to the default endpoint nor retried; pending retries of them stop. A request's own webhookUrl still receives that transaction's events.",
    body: UpdateWebhookEndpointRequestSchema, response: WebhookEndpointSchema, successStatus: 200,
    message: 'Webhook endpoint saved', idempotency: 'none',
  },
  'console.webhooks.secret.rotate': {
    method: 'POST', path: '/console/webhooks/secret/rotate', surface: 'console', permission: 'webhooks.manage', tag: 'Webhooks',
    summary: 'Replace the signing secret; the old one keeps signing too until the overlap ends (default 24 h)',
    description: 'A new signing secret signs from now on; the previous one also signs every webhook (its signature first) until the overlap ends. The overlap is counted on the wall clock, like signature timestamps: advancing the simulated clock does not shorten it.',
    body: RotateWebhookSecretRequestSchema, response: WebhookEndpointSchema, successStatus: 200,
    message: 'Webhook secret rotated', idempotency: 'none',
  },
  'console.webhooks.test': {
    method: 'POST', path: '/console/webhooks/test', surface: 'console', permission: 'webhooks.manage', tag: 'Webhooks',
    summary: 'Send a test.event to the default endpoint or to the given URL',
    description: 'A test.event to the default endpoint, or to url. It is always sent, whatever events the default endpoint chose. 400 missing_parameter on url when there is neither.',
    body: TestWebhookRequestSchema, response: WebhookEventSchema, successStatus: 201,
    message: 'Test webhook scheduled', idempotency: 'none',
  },
})
