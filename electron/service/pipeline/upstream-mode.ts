import { ApiError } from '../../../shared/errors'
import { MONEY_ROUTE_IDS } from '../../../shared/schemas/faults'
import type { Call } from './call'
import { operatesUpstream, sendsUpstream } from './upstream-send'

/**
 * What an environment that mirrors a provider account refuses (409 upstream_mode): money from here (part of
 * the provider's account, it would skip the console's approvals), and the sandbox's own controls, which mean
 * nothing for a real account: the simulator and its clock, handset answers, funds, faults, simulated
 * customers, test events. A snapshot restore would replace the mirror: refused while either environment is one.
 */
const MONEY = new Set<string>([...MONEY_ROUTE_IDS, 'console.payoutBatches.submit', 'console.payoutBatches.retryFailed'])
const BATCH_MONEY = new Set<string>(['console.payoutBatches.submit', 'console.payoutBatches.retryFailed'])
const SANDBOX_CONTROLS = new Set<string>([
  'console.simulator.update', 'console.simulator.advance', 'console.simulator.settle', 'console.simulator.reset',
  'console.prompts.answer', 'console.funds.topUp', 'console.funds.sweep', 'console.fees.update',
  'console.faults.webhooks.set', 'console.faults.api.set', 'console.faults.clear',
  'console.customers.put', 'console.customers.delete', 'console.webhooks.test', 'console.snapshots.restore',
])

/** The pipeline's step: refuses the call when its environment mirrors a provider account. */
export function refuseInUpstreamMode(call: Call, route: { id: string }, principal: { organizationId: string; environment: 'test' | 'live' }): void {
  const money = MONEY.has(route.id)
  if (!money && !SANDBOX_CONTROLS.has(route.id)) return
  // Console money in operate mode goes to the provider through the outbox (upstream-send.ts).
  if (money && call.principal && sendsUpstream(call, route.id, call.principal)) return
  // A bulk payout's rows each go through the outbox as the submitter's console payouts (payout-batches/send-row.ts).
  if (BATCH_MONEY.has(route.id) && call.principal && operatesUpstream(call, call.principal)) return
  if (money && call.principal?.via === 'console') refuseWhileOperateWaits(call, principal)
  const environments = route.id === 'console.snapshots.restore' ? (['test', 'live'] as const) : [principal.environment]
  for (const environment of environments) {
    const why = call.deps.host.upstreamRefusal(principal.organizationId, environment)
    if (!why) continue
    throw new ApiError('upstream_mode', money
      ? `Refused: ${why}. Money on a real account is sent through the console and its approvals, not from here (docs/upstream.md).`
      : `Refused: ${why}. The simulator, its clock, handset answers, funds, faults, scenarios and resets do not apply to a real account (docs/upstream.md).`)
  }
}

/**
 * Console money on an operate connection that waits for its approval (a live key with a team): 409 naming
 * the approval, or saying none was asked for, instead of the read mode's refusal.
 */
function refuseWhileOperateWaits(call: Call, principal: { organizationId: string; environment: 'test' | 'live' }): void {
  const connection = call.deps.host.upstream()
  if (!connection || connection.scope.organizationId !== principal.organizationId || connection.environment !== principal.environment) return
  const operate = connection.operate()
  if (operate === null || operate.state === 'approved' || operate.state === 'not_required') return
  const why = operate.state === 'waiting_approval' ? `it waits for approval ${operate.approvalId}`
    : operate.state === 'rejected' ? `its approval ${operate.approvalId} was rejected; an owner or admin may ask again (POST /console/upstream/operate)`
      : 'no approval was asked for this connection yet; an owner or admin asks for it (POST /console/upstream/operate)'
  throw new ApiError('upstream_mode', `Refused: operate mode on the provider account at ${connection.approvalBody.url} (key ${connection.approvalBody.keyFingerprint}) sends no money until it is approved: ${why}. Until then it runs as read (docs/upstream.md).`)
}
