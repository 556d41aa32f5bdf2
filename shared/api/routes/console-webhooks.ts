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
    response: WebhookEndpointSchema, successStatus: 200, message: 'Webhook endpoint retrieved successfully', idempotency: 'none',
  },
  'console.webhooks.endpoint.update': {
    method: 'PUT', path: '/console/webhooks/endpoint', surface: 'console', permission: 'webhooks.manage', tag: 'Webhooks',
    summary: 'Set (or clear with null) the default endpoint: it receives every event, balance.updated included',
    body: UpdateWebhookEndpointRequestSchema, response: WebhookEndpointSchema, successStatus: 200,
    message: 'Webhook endpoint saved', idempotency: 'none',
  },
  'console.webhooks.secret.rotate': {
    method: 'POST', path: '/console/webhooks/secret/rotate', surface: 'console', permission: 'webhooks.manage', tag: 'Webhooks',
    summary: 'Replace the signing secret; the old one keeps signing too until the overlap ends (default 24 h)',
    body: RotateWebhookSecretRequestSchema, response: WebhookEndpointSchema, successStatus: 200,
    message: 'Webhook secret rotated', idempotency: 'none',
  },
  'console.webhooks.test': {
    method: 'POST', path: '/console/webhooks/test', surface: 'console', permission: 'webhooks.manage', tag: 'Webhooks',
    summary: 'Send a test.event to the default endpoint or to the given URL',
    body: TestWebhookRequestSchema, response: WebhookEventSchema, successStatus: 201,
    message: 'Test webhook scheduled', idempotency: 'none',
  },
})
