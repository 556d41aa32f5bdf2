import { z } from 'zod'
import {
  ApiKeySchema, ConsoleInfoSchema, CreateApiKeyRequestSchema, CreateOrganizationRequestSchema, CreatedApiKeySchema,
  CreatedOrganizationSchema, OrganizationSchema,
} from '../../schemas/console'
import { defineRoutes } from '../route'

const KeyPath = z.object({ keyId: z.string().min(1).max(64) })

/** Console-only routes: the environment is the console's current one (IPC argument or Paydesk-Environment header). */
export const CONSOLE_CORE_ROUTES = defineRoutes({
  'console.info': {
    method: 'GET', path: '/console/info', surface: 'console', permission: 'signed-in', tag: 'Console',
    summary: 'What the console shows in its header: organization, environment, URLs, simulator mode',
    response: ConsoleInfoSchema, successStatus: 200, message: 'Console info retrieved successfully', idempotency: 'none',
  },
  'console.keys.list': {
    method: 'GET', path: '/console/keys', surface: 'console', permission: 'keys.manage', tag: 'Console',
    summary: "API keys of the organization in the current environment (prefixes only; secrets are stored hashed)",
    response: z.object({ items: z.array(ApiKeySchema) }), successStatus: 200, message: 'API keys retrieved successfully', idempotency: 'none',
  },
  'console.keys.create': {
    method: 'POST', path: '/console/keys', surface: 'console', permission: 'keys.manage', tag: 'Console',
    summary: 'Create an API key in the current environment; the secret is shown once',
    body: CreateApiKeyRequestSchema, response: CreatedApiKeySchema, successStatus: 201, message: 'API key created', idempotency: 'none',
  },
  'console.keys.revoke': {
    method: 'POST', path: '/console/keys/{keyId}/revoke', surface: 'console', permission: 'keys.manage', tag: 'Console',
    summary: 'Revoke an API key',
    params: KeyPath, response: ApiKeySchema, successStatus: 200, message: 'API key revoked', idempotency: 'none',
  },
  'console.organizations.list': {
    method: 'GET', path: '/console/organizations', surface: 'console', permission: 'transactions.read', tag: 'Console',
    summary: 'Organizations in this sandbox',
    response: z.object({ items: z.array(OrganizationSchema) }), successStatus: 200, message: 'Organizations retrieved successfully', idempotency: 'none',
  },
  'console.organizations.create': {
    method: 'POST', path: '/console/organizations', surface: 'console', permission: 'keys.manage', tag: 'Console',
    summary: 'Create an organization (e.g. a non-enterprise one for QA) with its own accounts and keys',
    body: CreateOrganizationRequestSchema, response: CreatedOrganizationSchema, successStatus: 201, message: 'Organization created', idempotency: 'none',
  },
})
