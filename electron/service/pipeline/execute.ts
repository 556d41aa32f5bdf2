import { ApiError } from '../../../shared/errors'
import type { ServiceResponse } from '../../../shared/api/envelope'
import type { PushEvent } from '../../../shared/api/push-events'
import { newUnit } from '../core/unit'
import { OPERATIONS } from '../operations'
import type { OperationContext } from '../operations/types'
import { recordConsoleAction } from './audit'
import type { Established } from './call'
import { errorResponse } from './error-response'
import { oncePerKey } from './idempotency'
import { holdForApproval } from './approval-hold'
import { subjectToApproval } from '../team/approvals'
import { upstreamSend } from '../operations/upstream-send'
import { OUTBOX_ROUTE_IDS, sendsUpstream } from './upstream-send'

/**
 * The operation's run, in a SQLite transaction (a savepoint of the batch's) with its audit entry: an
 * operation that refuses the call (ApiError) takes back everything it wrote, its push events included.
 */
function runOperation(call: Established, queued: PushEvent[]): ServiceResponse {
  const { engine, host } = call.deps
  const { route, principal, now, requestId, parsed } = call
  // The unit and the operation's context are one object, built once per call.
  const ctx: OperationContext = {
    store: engine.store, ids: engine.ids, now, emit: (event) => queued.push(event),
    principal, apiVersion: call.apiVersion, host, requestId, clientAddress: call.ctx.clientAddress,
    streaming: call.ctx.streaming, signInProof: call.ctx.signInProof,
  }
  // On a provider account in operate mode, console money goes to the outbox instead of the simulator.
  const upstream = sendsUpstream(call, route.id, principal) ? upstreamSend(route.id as (typeof OUTBOX_ROUTE_IDS)[number]) : null
  const operation = (upstream ?? OPERATIONS[route.id]) as (ctx: OperationContext, input: unknown) => unknown
  // Only a console caller's change is audited: an API-key call builds nothing for it.
  const audited = route.method !== 'GET' && principal.via === 'console'
  try {
    const data = engine.store.transaction(() => {
      const result = operation(ctx, parsed)
      if (audited) recordConsoleAction(engine.store, { route, routeId: route.id, principal, at: now, recordedAt: engine.wallNow(), requestId, input: parsed, data: result })
      return result
    })
    return { status: route.successStatus, body: { status: 'success', message: route.message, data }, headers: {}, requestId }
  } catch (error) {
    queued.length = 0
    if (error instanceof ApiError) return errorResponse(error, requestId)
    throw error
  }
}

/**
 * The approval step, after every check and before idempotency: a signed-in user's money request the
 * approval policy holds moves no money and is answered 202 (approval-hold.ts); the approved run itself
 * (ctx.approvedRequest) is never held again. Null: execute the call.
 */
export function holdStep(call: Established, queued: PushEvent[]): ServiceResponse | null {
  // Only a signed-in user's money request can be held: every other call passes before anything is built.
  if (call.ctx.approvedRequest || !call.route.approval || !subjectToApproval(call.principal)) return null
  const unit = newUnit(call.deps.engine, call.now, queued)
  const input = { parsedBody: call.parsed.body, rawBody: call.input.body, idempotencyKey: call.idempotencyKey, wallNow: call.deps.engine.wallNow() }
  return holdForApproval(unit, call.route, call.principal, input, call.requestId)
}

/** Executes a call every step passed: replayed or run once under its Idempotency-Key, else run. */
export function execute(call: Established, queued: PushEvent[]): ServiceResponse {
  const run = () => runOperation(call, queued)
  const key = call.idempotencyKey
  return key === undefined ? run() : call.deps.engine.store.transaction(() => oncePerKey(call, key, run))
}
