import { ApiError } from '../../../../shared/errors'
import type { ApprovalRefusal, ApprovalRow } from '../../db/approvals-repo'
import { roleAllows } from '../../../../shared/team/permissions'
import type { Actor } from '../../../../shared/schemas/team'
import type { ApiVersion } from '../../../../shared/api/api-versions'
import { sha256Hex } from '../../core/ids'
import { requestApproval } from '../../team/approvals'
import { keyPrefix } from '../../seed/provisioning'
import type { OperationContext } from '../types'

/**
 * Live API keys move real money and are subject to neither roles nor approvals: only an owner or an admin
 * mints one (`keys.live`; developers keep test keys), and the approval policy may hold it (action
 * `live-key`). A held key's secret is answered to its requester at once, never to an approver; the key
 * itself is written only when the approval is approved, so until then it answers 401.
 */
export function assertMayMintLive(actor: Actor, what: string): void {
  if (actor.role === 'api-key' || roleAllows(actor.role, 'keys.live', 'live')) return
  throw new ApiError('forbidden', `${what} a live API key, which moves real money: only an owner or an admin may (the ${actor.role} role keeps test keys).`, 'keys.live')
}

/** What a held live key's approval keeps: never the secret, only its digest (like api_keys itself). */
interface HeldKey {
  keyId: string
  prefix: string
  keyHash: string
  label: string
  apiVersion: ApiVersion | null
}

export function holdLiveKey(ctx: OperationContext, key: string, label: string, apiVersion: ApiVersion | null) {
  const held: HeldKey = { keyId: ctx.ids.apiKeyId(), prefix: keyPrefix(key), keyHash: sha256Hex(key), label, apiVersion }
  const row = requestApproval(ctx, ctx.principal, { action: 'live-key', amount: 0, routeId: 'console.keys.create', body: held, idempotencyKey: undefined })
  if (!row) return null
  return {
    id: held.keyId, environment: 'live' as const, prefix: held.prefix, label, createdAt: ctx.now, lastUsedAt: null, revokedAt: null,
    apiVersion, key, approval: { id: row.id, status: 'pending' as const },
  }
}

/** The approved run of a held live key: written now, if its requester still may mint one. */
export function mintApprovedKey(ctx: OperationContext, approval: ApprovalRow): { transaction_id: null; refusal: ApprovalRefusal | null } {
  const held = approval.request_body as HeldKey
  try {
    assertMayMintLive(approval.requested_by, `${approval.requested_by.name} may no longer create`)
  } catch (error) {
    return { transaction_id: null, refusal: { status: 403, code: 'forbidden', message: (error as Error).message } }
  }
  ctx.store.apiKeys.insert({
    id: held.keyId, organization_id: approval.organization_id, environment: 'live', prefix: held.prefix, key_hash: held.keyHash,
    label: held.label, created_at: ctx.now, last_used_at: null, revoked_at: null,
  })
  if (held.apiVersion !== null) ctx.store.apiKeys.setApiVersion(held.keyId, held.apiVersion)
  return { transaction_id: null, refusal: null }
}

