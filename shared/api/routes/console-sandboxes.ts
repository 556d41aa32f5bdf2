import { z } from 'zod'
import { CreateSandboxRequestSchema, DeletedSandboxSchema, SandboxSchema } from '../../schemas/sandboxes'
import { defineRoutes } from '../route'

const SandboxPath = z.object({ organizationId: z.string().min(1).max(64) })

/** One sandbox (organization) per parallel test worker: create one, use its keys, delete it when done. */
export const CONSOLE_SANDBOXES_ROUTES = defineRoutes({
  'console.sandboxes.create': {
    method: 'POST', path: '/console/sandboxes', surface: 'console', permission: 'keys.manage', tag: 'Sandboxes',
    summary: 'Create a sandbox: a fresh organization with its own test and live keys, accounts, opening floats and webhook secrets',
    description: 'The keys and webhook secrets are shown only in this answer. Organizations never see each other\'s data.',
    body: CreateSandboxRequestSchema, response: SandboxSchema, successStatus: 201, message: 'Sandbox created', idempotency: 'none',
  },
  'console.sandboxes.delete': {
    method: 'DELETE', path: '/console/sandboxes/{organizationId}', surface: 'console', permission: 'keys.manage', tag: 'Sandboxes',
    summary: 'Delete a sandbox and all its data (transactions, ledger, webhooks, keys) in one transaction',
    description: 'The demo organization cannot be deleted.',
    params: SandboxPath, response: DeletedSandboxSchema, successStatus: 200, message: 'Sandbox deleted', idempotency: 'none',
  },
})
