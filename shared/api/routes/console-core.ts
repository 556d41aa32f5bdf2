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
    description: "The organization the console acts for, its current environment, Paydesk's version, the HTTP and console URLs and the simulator mode.",
    response: ConsoleInfoSchema, successStatus: 200, message: 'Console info retrieved successfully', idempotency: 'none',
  },
  'console.keys.list': {
    method: 'GET', path: '/console/keys', surface: 'console', permission: 'keys.manage', tag: 'Console',
    summary: "API keys of the organization in the current environment (prefixes only; secrets are stored hashed)",
    description: "Keys are shown by their prefix: a key's secret is never returned after its creation (only its hash is stored).",
    response: z.object({ items: z.array(ApiKeySchema) }), successStatus: 200, message: 'API keys retrieved successfully', idempotency: 'none',
  },
  'console.keys.create': {
    method: 'POST', path: '/console/keys', surface: 'console', permission: 'keys.manage', tag: 'Console',
    summary: 'Create an API key in the current environment; the secret is shown once',
    description: 'The answer holds the whole secret, once: only its hash is stored. A key may be created pinned to an API release (apiVersion).',
    body: CreateApiKeyRequestSchema, response: CreatedApiKeySchema, successStatus: 201, message: 'API key created', idempotency: 'none',
  },
  'console.keys.revoke': {
    method: 'POST', path: '/console/keys/{keyId}/revoke', surface: 'console', permission: 'keys.manage', tag: 'Console',
    summary: 'Revoke an API key',
    description: 'A revoked key answers 401 from then on. 404 for a key of another organization or environment.',
    params: KeyPath, response: ApiKeySchema, successStatus: 200, message: 'API key revoked', idempotency: 'none',
  },
  'console.organizations.list': {
    method: 'GET', path: '/console/organizations', surface: 'console', permission: 'transactions.read', tag: 'Console',
    summary: 'Organizations in this sandbox',
    description: 'Every organization of this database: the demo organization, those created here, and sandboxes created for parallel test workers.',
    response: z.object({ items: z.array(OrganizationSchema) }), successStatus: 200, message: 'Organizations retrieved successfully', idempotency: 'none',
  },
  'console.organizations.create': {
    method: 'POST', path: '/console/organizations', surface: 'console', permission: 'keys.manage', tag: 'Console',
    summary: 'Create an organization (e.g. a non-enterprise one for QA) with its own accounts and keys',
    description: 'A new organization with its own collections and payouts accounts, opening floats, webhook secrets, and test and live keys (shown once in this answer). enterprise enables shortcodes and sub-merchant fields.',
    body: CreateOrganizationRequestSchema, response: CreatedOrganizationSchema, successStatus: 201, message: 'Organization created', idempotency: 'none',
  },
})
