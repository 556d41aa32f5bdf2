import { formatMinor } from '../../../shared/money'
import type { RouteSpec } from '../../../shared/api/route'
import type { Principal } from '../core/principal'
import type { Store } from '../db/store'

/** Plain-words labels for the actions the console offers; any other route is labelled by its summary. */
const LABELS: Record<string, string> = {
  'console.upstream.outbox.resolve': 'Outbox row looked up again',
  'console.upstream.outbox.close': 'Outbox row closed by hand',
  'console.upstream.operate': 'Approval asked to send real money through the provider',
  'console.keys.create': 'API key created',
  'console.keys.revoke': 'API key revoked',
  'console.organizations.create': 'Organization created',
  'console.host.update': 'HTTP host settings changed',
  'console.simulator.update': 'Simulator settings changed',
  'console.simulator.advance': 'Simulated clock advanced',
  'console.simulator.settle': 'Settlement run',
  'console.simulator.reset': 'Sandbox reset',
  'console.prompts.answer': 'Customer prompt answered',
  'console.funds.topUp': 'Float topped up',
  'console.funds.sweep': 'Collections swept to payouts',
  'console.fees.update': 'Fee tariff changed',
  'console.webhooks.events.resend': 'Webhook resent',
  'console.webhooks.endpoint.update': 'Webhook endpoint set',
  'console.webhooks.secret.rotate': 'Webhook secret rotated',
  'console.webhooks.test': 'Test webhook sent',
  'mobile.charge': 'Charge requested from the console',
  'mobile.b2c': 'B2C payout requested from the console',
  'mobile.b2b': 'B2B payout requested from the console',
  'mobile.reverse': 'Reversal requested',
  'bank.transfer': 'Bank transfer requested from the console',
  'console.sessions.create': 'Signed in',
  'console.sessions.end': 'Signed out',
  'console.users.create': 'User created',
  'console.setup.create': 'Owner created through the setup link',
  'console.users.update': 'User changed',
  'console.team.update': 'Team settings changed',
  'console.approvalPolicy.update': 'Approval policy changed',
  'console.approvals.approve': 'Request approved',
  'console.approvals.reject': 'Request rejected',
  'console.reconciliations.create': 'Reconciliation saved',
  'console.reconciliations.match': 'Reconciliation row matched by hand',
  'console.reconciliations.unmatch': 'Match by hand undone',
  'console.notificationRules.update': 'Notification rules changed',
  'console.notifications.read': 'Notification marked read',
  'console.notifications.readAll': 'All notifications marked read',
  'console.payoutBatches.create': 'Payout file uploaded',
  'console.payoutBatches.submit': 'Payout batch submitted',
  'console.payoutBatches.delete': 'Draft payout batch deleted',
  'console.payoutBatches.dropRow': 'Row dropped from a draft payout batch',
  'console.payoutBatches.correctRow': 'Row of a draft payout batch corrected',
  'console.payoutBatches.retryFailed': 'Failed payout rows sent again',
}

/** Fields of an answer that name what was created (a new key, a new transaction, ...). */
const TARGET_FIELDS = ['transactionId', 'eventId', 'keyId', 'id', 'publicId', 'approvalId'] as const

function targetOf(params: unknown, data: unknown): string | null {
  if (params !== null && typeof params === 'object') {
    const values = Object.values(params as Record<string, unknown>).filter((v) => typeof v === 'string' || typeof v === 'number')
    if (values.length > 0) return values.join('/')
  }
  if (data !== null && typeof data === 'object') {
    for (const field of TARGET_FIELDS) {
      const value = (data as Record<string, unknown>)[field]
      if (typeof value === 'string' && value !== '') return value
    }
  }
  return null
}

/** One successful call, as the pipeline saw it. */
export interface ConsoleAction {
  route: RouteSpec
  routeId: string
  principal: Principal
  /** The simulated clock's time of the action. */
  at: number
  /** The host's real clock (engine.wallNow) when it was recorded: when it really happened. */
  recordedAt: number
  requestId: string
  input: { params: unknown; body: unknown }
  data: unknown
}

/**
 * The words an entry keeps about its action, where its input tells more than the label: a reversal names
 * the charge it reverses and the narration typed (who asked is the entry's actor). Written with the entry
 * because the log outlives what it names (a sandbox reset erases the charge, never the log).
 */
export function auditDetails(store: Store, principal: Principal, routeId: string, body: unknown): string | null {
  if (routeId !== 'mobile.reverse') return null
  const typed = (body ?? {}) as { transactionId?: string; narration?: string }
  const { organizationId, environment } = principal
  const charge = typed.transactionId ? store.transactions.getByPublicId(organizationId, environment, typed.transactionId) : undefined
  const what = charge ? `Reverses charge ${charge.public_id} of ${formatMinor(charge.amount, charge.currency)}` : `Reverses ${typed.transactionId ?? 'a charge'}`
  const narration = typed.narration ? `narration “${typed.narration}”` : 'no narration typed'
  return `${what}; ${narration}.`
}

/**
 * Records a console action that changed something, generically for every route: the pipeline calls this
 * inside the operation's own SQLite transaction, so the row exists exactly when the change does, and a
 * route added later is audited without code of its own. Reads (GET) and API-key calls are not recorded.
 * The request body is never stored (it may hold secrets); the target comes from the path or from the
 * answer, and `details` keeps what a few actions' input says in words (auditDetails).
 */
export function recordConsoleAction(store: Store, action: ConsoleAction): void {
  const { route, routeId, principal } = action
  if (route.method === 'GET' || principal.via !== 'console') return
  const entry = {
    action: routeId, label: (routeId === 'console.keys.create' ? heldKeyLabel(action.data) : null) ?? auditLabel(route, routeId), target: targetOf(action.input.params, action.data),
    details: auditDetails(store, principal, routeId, action.input.body),
  }
  recordAudit(store, principal, entry, { at: action.at, recordedAt: action.recordedAt }, action.requestId)
}

/** A live API key the policy held is not created yet: its entry says so (operations/support/live-keys.ts). */
function heldKeyLabel(data: unknown): string | null {
  const approval = data !== null && typeof data === 'object' ? (data as { approval?: { id?: unknown } }).approval : undefined
  return approval && typeof approval.id === 'string' ? `Live API key sent for approval (${approval.id})` : null
}

export function auditLabel(route: RouteSpec, routeId: string): string {
  return LABELS[routeId] ?? route.summary
}

/** What an entry says about its action; `details` only where the input tells more than the label. */
export interface AuditEntryInput {
  action: string
  label: string
  target: string | null
  details?: string | null
}

/** When an entry happened: `at` on the simulated clock, `recordedAt` on the host's real one (engine.wallNow). */
export interface AuditTimes {
  at: number
  recordedAt: number
}

/** One audit entry, naming its actor (the request body never goes in: it may hold secrets). */
export function recordAudit(store: Store, principal: Principal, entry: AuditEntryInput, times: AuditTimes, requestId: string): void {
  const { actor } = principal
  store.audit.append({
    at: times.at, recorded_at: times.recordedAt, organization_id: principal.organizationId, environment: principal.environment, ...entry, request_id: requestId,
    actor_id: actor.id, actor_name: actor.name, actor_role: actor.role,
  })
}
