import type { UpstreamOperate } from '../../../shared/schemas/upstream'
import { sha256Hex } from '../core/ids'
import type { Engine } from '../core/engine'
import type { Store } from '../db/store'
import type { MirrorScope } from './mirror'

/**
 * What an operate connection's approval is bound to, and what its approvers see: the provider's address,
 * the key by its last four characters, the mode. `identity` is a digest of the address, the mode and the
 * key's own digest: another key or address is another identity (a new approval), the same one after a
 * restart is the same (still approved). It is never shown (views/team.ts) and never holds the key.
 */
export interface OperateRequest {
  url: string
  environment: 'test' | 'live'
  keyFingerprint: string
  mode: 'operate'
  identity: string
}

export function operateRequest(baseUrl: string, key: string, environment: 'test' | 'live', keyFingerprint: string): OperateRequest {
  return { url: baseUrl, environment, keyFingerprint, mode: 'operate', identity: sha256Hex(`${baseUrl}\noperate\n${sha256Hex(key)}`) }
}

/**
 * Whether a connection's money may go to the provider. Only a live key with a team needs an approval (a
 * test key moves play money, and without a team the --upstream-allow-live flag is the consent); there, an
 * approval of this identity that was approved and ran (its requester still allowed) lets it send, one still
 * waiting or rejected is said so, anything else (none yet, expired) is not requested.
 */
export function operateState(store: Store, scope: MirrorScope, identity: string, gated: boolean, now: number): UpstreamOperate {
  if (!gated) return { state: 'not_required', approvalId: null }
  const rows = store.approvals.ofOperateIdentity(scope.organizationId, scope.environment, identity)
  const approved = rows.find((row) => row.status === 'approved' && row.refusal === null)
  if (approved) return { state: 'approved', approvalId: approved.id }
  const latest = rows[0]
  if (latest?.status === 'pending' && now < latest.expires_at) return { state: 'waiting_approval', approvalId: latest.id }
  if (latest?.status === 'rejected') return { state: 'rejected', approvalId: latest.id }
  return { state: 'not_requested', approvalId: null }
}

/** The states in which an operate connection sends money. */
export function operateSends(operate: UpstreamOperate): boolean {
  return operate.state === 'not_required' || operate.state === 'approved'
}

/**
 * What a connection says of its operate mode: null in read mode; otherwise its state, whether it sends money
 * now (an operate connection that waits for its approval runs as read: the mirror syncs, no money), and the
 * approval body it is bound to.
 */
export function operateGate(engine: Engine, scope: MirrorScope, mode: 'read' | 'operate', approvalBody: OperateRequest, teamMode: () => boolean) {
  const operate = (): UpstreamOperate | null => mode !== 'operate' ? null
    : operateState(engine.store, scope, approvalBody.identity, scope.environment === 'live' && teamMode(), engine.now())
  return {
    operate,
    /** Whether money goes to the provider now: operate mode, approved where an approval is needed. */
    sendsMoney: (): boolean => {
      const state = operate()
      return state !== null && operateSends(state)
    },
    /** What an approval of this operate connection is bound to (URL, key fingerprint, mode, identity digest). */
    approvalBody,
  }
}
