import type { ApiVersion } from '../../../shared/api/api-versions'
import type { RouteSpec } from '../../../shared/api/route'
import type { RouteId } from '../../../shared/api/routes'
import type { ApiWarning } from '../../../shared/api/warnings'
import type { Engine } from '../core/engine'
import type { Principal } from '../core/principal'
import type { OperationHost } from '../operations/types'
import type { CallContext } from './auth'
import type { CallInput } from './call-input'

/** What the pipeline is built with once per service: the engine's core, the host's facts and secrets. */
export interface PipelineDeps {
  engine: Engine
  consoleToken: string
  /** The host forces strict request checks for every organization (`--strict`). */
  strictRequestChecks: boolean
  host: OperationHost
}

/** The input of a call once every step has passed: validated against the route's schemas. */
export interface ParsedCall {
  params: unknown
  query: unknown
  body: unknown
}

/**
 * One call on its way through the pipeline's steps (steps.ts): each step reads what the earlier ones
 * established and adds its own finding, or refuses the call by throwing an ApiError.
 */
export interface Call {
  readonly deps: PipelineDeps
  readonly routeId: string
  readonly input: CallInput
  readonly ctx: CallContext
  readonly requestId: string
  /** The simulated now the call acts at (one value for the whole call). */
  readonly now: number
  /** Departures tolerated so far: they reach the caller even when a later step refuses. */
  readonly warnings: ApiWarning[]
  /** The release the answer names: provisional until the caller is known. */
  apiVersion: ApiVersion
  route?: RouteSpec & { id: RouteId }
  principal?: Principal
  /** The key to store the answer under (undefined: the route or request has none). */
  idempotencyKey?: string
  parsed?: ParsedCall
}

/** The fields a step may rely on once the steps before it ran (they throw otherwise). */
export type Established = Required<Pick<Call, 'route' | 'principal' | 'parsed'>> & Call
