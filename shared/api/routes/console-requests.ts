import {
  DeveloperSettingsSchema, RequestLogDetailSchema, RequestLogPageSchema, RequestLogPathSchema, RequestLogQuerySchema,
  UpdateDeveloperSettingsRequestSchema,
} from '../../schemas/request-log'
import { HarQuerySchema, HarSchema } from '../../schemas/har'
import { defineRoutes, EXPORT_BUSY } from '../route'

/** Console routes of the Developers area: the API request log and the developer settings. */
export const CONSOLE_REQUESTS_ROUTES = defineRoutes({
  'console.requests.list': {
    method: 'GET', path: '/console/requests', surface: 'console', permission: 'requests.read', tag: 'Developers',
    summary: 'The API request log of the current environment, newest first: every /v1 request, refused ones too',
    description: 'Filter by status class, part of the path, part of the key prefix, Idempotency-Key, request id, transaction, '
      + 'and time (from/to, ms since the epoch, simulated clock). Page with cursor = the previous nextCursor. limit defaults to 50.',
    query: RequestLogQuerySchema, response: RequestLogPageSchema, successStatus: 200,
    message: 'Requests retrieved successfully', idempotency: 'none',
  },
  'console.requests.har': {
    method: 'GET', path: '/console/requests.har', surface: 'console', permission: 'requests.read', tag: 'Developers',
    summary: 'The request log as an HTTP Archive (HAR 1.2), with the same filters as the log',
    description: 'Up to limit (default 1,000, at most 5,000) of the newest matching requests, oldest first. Headers and bodies as the log '
      + 'keeps them: credentials redacted, bodies over 64 KiB (requests) or 8 KiB (responses) cut, with a comment saying so and content.size '
      + 'the whole size. Over HTTP the answer is the HAR document itself, as an attachment (paydesk-requests.har), written in pages '
      + 'as the log is read (no Content-Length); one heavy export per organization at a time.',
    query: HarQuerySchema, response: HarSchema, download: { filename: 'paydesk-requests.har' }, successStatus: 200,
    message: 'Request log exported', idempotency: 'none', refusals: [EXPORT_BUSY],
  },
  'console.requests.get': {
    method: 'GET', path: '/console/requests/{requestId}', surface: 'console', permission: 'requests.read', tag: 'Developers',
    summary: 'One logged request: headers, bodies, warnings, the transaction and its webhook events',
    description: "The request as received and the answer as sent (secrets redacted, long bodies cut and marked), the warnings given, the transaction it made and that transaction's webhook events.",
    params: RequestLogPathSchema, response: RequestLogDetailSchema, successStatus: 200,
    message: 'Request retrieved successfully', idempotency: 'none',
  },
  'console.developer.settings.get': {
    method: 'GET', path: '/console/developer-settings', surface: 'console', permission: 'requests.read', tag: 'Developers',
    summary: "Strict request checks (the organization's) and the request log's bounds in rows and bytes (per environment)",
    description: "Whether the organization's strict request checks are on, whether the host forces them on (--strict), how many requests and how many bytes the log keeps per environment.",
    response: DeveloperSettingsSchema, successStatus: 200, message: 'Developer settings retrieved successfully', idempotency: 'none',
  },
  'console.developer.settings.update': {
    method: 'PUT', path: '/console/developer-settings', surface: 'console', permission: 'requests.read', tag: 'Developers',
    summary: 'Turn strict request checks on or off for the organization, or change the request log bounds',
    description: 'Strict request checks refuse with 400 what is otherwise answered with a Paydesk-Warning (e.g. an Idempotency-Key that is not a UUID).',
    body: UpdateDeveloperSettingsRequestSchema, response: DeveloperSettingsSchema, successStatus: 200,
    message: 'Developer settings updated', idempotency: 'none',
  },
})
