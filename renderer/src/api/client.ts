import { isErrorEnvelope } from '../../../shared/api/envelope'
import type { RouteData, RouteId, RouteInput } from '../../../shared/api/routes'
import type { Environment } from '../../../shared/schemas/common'
import { ApiClientError } from './api-client-error'
import type { Transport } from './transport'

/** Routes whose input has no required part can be called without an input object. */
export type CallArgs<Id extends RouteId> = object extends RouteInput<Id> ? [input?: RouteInput<Id>, options?: CallOptions] : [input: RouteInput<Id>, options?: CallOptions]

export interface CallOptions {
  /** Defaults to the console's current environment. */
  environment?: Environment
  signal?: AbortSignal
}

export interface ApiClient {
  readonly transport: Transport
  /**
   * Calls one route of the route table by id. Resolves with the envelope's `data`, typed from the route's
   * response schema; rejects with an ApiClientError carrying the API's type, code, message and param.
   */
  call<Id extends RouteId>(routeId: Id, ...args: CallArgs<Id>): Promise<RouteData<Id>>
}

export function createApiClient(transport: Transport, currentEnvironment: () => Environment): ApiClient {
  return {
    transport,
    async call<Id extends RouteId>(routeId: Id, ...args: CallArgs<Id>): Promise<RouteData<Id>> {
      const [input, options] = args as [RouteInput<Id> | undefined, CallOptions | undefined]
      const response = await transport.send({
        routeId,
        input: input ?? {},
        environment: options?.environment ?? currentEnvironment(),
        signal: options?.signal,
      })
      if (isErrorEnvelope(response.body)) throw ApiClientError.fromEnvelope(response.body, response.status)
      // The engine builds `data` from the same zod schemas, so it is not parsed again here: re-validating
      // 10,000 transactions on every refetch would cost more than it could catch.
      return response.body.data as RouteData<Id>
    },
  }
}
