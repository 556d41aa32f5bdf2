import type { ServiceResponse } from '../../../shared/api/envelope'
import { materializeResponse } from '../../../shared/api/raw-json'
import type { PushEvent } from '../../../shared/api/push-events'
import { ROUTES, isRouteId } from '../../../shared/api/routes'
import { selfContained } from '../core/batcher'
import type { Engine } from '../core/engine'
import { provisionalApiVersion } from '../pipeline/api-version'
import type { CallContext } from '../pipeline/auth'
import type { CallInput } from '../pipeline/call-input'
import { internalErrorResponse } from '../pipeline/error-response'
import type { SeededRun } from '../simulator/reproducible'
import type { SignInProof } from '../team/sign-in-proof'

type Respond = (routeId: string, input: CallInput | undefined, ctx: CallContext, published: PushEvent[]) => ServiceResponse
type Caller = (routeId: string, input?: CallInput, ctx?: CallContext) => ServiceResponse

export interface Callers {
  call: Caller
  submit(routeId: string, input?: CallInput, ctx?: CallContext): Promise<ServiceResponse>
  /** ms since the last API call came in (HTTP and IPC): the simulator works past its allowance only after a quiet spell. */
  quietForMs(): number
}

/**
 * The service's two ways in: `call` runs a route now, alone, and `submit` joins the batch of this
 * event-loop turn (group commit). Console routes (key changes, resets, snapshot restores replacing
 * tables) and seeded runs (whose ids must be drawn in the order of a sequential run) always run alone.
 */
/** Hashes a sign-in's password off the engine thread before the call runs (team/sign-in-proof.ts). */
export type ProveSignIn = (input: CallInput | undefined, ctx: CallContext) => Promise<SignInProof | undefined>
const SIGN_IN_ROUTE = 'console.sessions.create'

export function createCallers(engine: Engine, respond: Respond, seeded: SeededRun | undefined, catchUp: () => void, proveSignIn?: ProveSignIn): Callers {
  let lastCallAt = Number.NEGATIVE_INFINITY
  /** A call alone, now: a batch of one, after the units already queued (arrival order holds). */
  const runNow: Caller = (routeId, input, ctx = {}) => {
    engine.units.flush()
    const requestId = ctx.requestId ?? engine.ids.request()
    // No outcome: the batch ended before the unit ran (BEGIN failed, e.g. on a closed database).
    const [outcome] = engine.units.runBatch([selfContained((queued) => respond(routeId, input, { ...ctx, requestId }, queued))])
    return outcome?.ok ? outcome.value : internalErrorResponse(requestId, provisionalApiVersion(ctx.apiVersion))
  }
  const alone: Caller = seeded ? (routeId, input, ctx) => {
    seeded.beforeCall(catchUp)
    return runNow(routeId, input, ctx)
  } : runNow
  return {
    // In-process callers get values, never raw JSON text (`submit` keeps it for the adapters).
    call(routeId, input, ctx) {
      lastCallAt = performance.now()
      return materializeResponse(alone(routeId, input, ctx))
    },
    submit(routeId, input, ctx = {}) {
      lastCallAt = performance.now()
      if (routeId === SIGN_IN_ROUTE && proveSignIn && ctx.signInProof === undefined) {
        return proveSignIn(input, ctx).then((signInProof) => Promise.resolve(alone(routeId, input, { ...ctx, signInProof })))
      }
      if (seeded || !isRouteId(routeId) || ROUTES[routeId].surface !== 'public') return Promise.resolve(alone(routeId, input, ctx))
      const requestId = ctx.requestId ?? engine.ids.request()
      // The adapter's context already names its request (HTTP): the call uses it as it is, not a copy.
      const callCtx = ctx.requestId === requestId ? ctx : { ...ctx, requestId }
      return engine.units.submit(selfContained((queued) => respond(routeId, input, callCtx, queued)))
        .catch((error: unknown) => {
          console.error(`[paydesk] the batch of ${routeId} (${requestId}) did not commit:`, error instanceof Error ? error.message : error)
          // The request log must not name a transaction the failed COMMIT took back.
          if (ctx.notes) ctx.notes.transactionId = undefined
          return internalErrorResponse(requestId, provisionalApiVersion(ctx.apiVersion))
        })
    },
    quietForMs: () => performance.now() - lastCallAt,
  }
}
