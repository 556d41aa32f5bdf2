import type { Principal } from '../core/principal'
import type { Call } from './call'

/** The money routes whose requests the outbox sends to the provider (a reversal settles by its charge: outbox/reversal.ts). */
export const OUTBOX_ROUTE_IDS = ['mobile.charge', 'mobile.b2c', 'mobile.b2b', 'mobile.reverse', 'bank.transfer'] as const
const OUTBOX_ROUTES = new Set<string>(OUTBOX_ROUTE_IDS)

/**
 * Whether this call's money goes to the provider through the outbox (docs/upstream.md "Sending money"): a
 * console caller (so the console's approvals stood in front of it), on the environment this run connects
 * to a provider account in `operate` mode. API keys stay refused there (upstream-mode.ts).
 */
export function sendsUpstream(call: Pick<Call, 'deps'>, routeId: string, principal: Principal): boolean {
  return OUTBOX_ROUTES.has(routeId) && operatesUpstream(call, principal)
}

/** Whether a console caller's environment is the one this run connects to a provider account in `operate` mode, sending money now. */
export function operatesUpstream(call: Pick<Call, 'deps'>, principal: Principal): boolean {
  if (principal.via !== 'console') return false
  const connection = call.deps.host.upstream()
  if (!connection || connection.scope.organizationId !== principal.organizationId || connection.environment !== principal.environment) return false
  // operate mode, and approved where it must be (a live key with a team): until then it runs as read.
  return connection.sendsMoney()
}
