import type { ErrorEnvelope } from '../../../shared/api/envelope'

/** Errors the console makes up itself, when no envelope came back (the sandbox is down, a reply is not JSON). */
export type ClientSideErrorType = 'network_error' | 'response_error'

/**
 * What every failed call throws: the API's error envelope plus the HTTP status, so screens can show the
 * message, highlight the field named by `param`, and quote the request id.
 */
export class ApiClientError extends Error {
  readonly type: string
  readonly code: string
  readonly param: string | null
  readonly requestId: string | null
  /** HTTP status (IPC reports the same status); 0 when the sandbox could not be reached at all. */
  readonly status: number

  constructor(fields: { type: string; code: string; message: string; param?: string | null; requestId?: string | null; status: number }) {
    super(fields.message)
    this.name = 'ApiClientError'
    this.type = fields.type
    this.code = fields.code
    this.param = fields.param ?? null
    this.requestId = fields.requestId ?? null
    this.status = fields.status
  }

  static fromEnvelope(envelope: ErrorEnvelope, status: number): ApiClientError {
    return new ApiClientError({ ...envelope.error, status })
  }

  static unreachable(message: string): ApiClientError {
    return new ApiClientError({ type: 'network_error' satisfies ClientSideErrorType, code: 'unreachable', message, status: 0 })
  }

  /** The console token is missing or not this sandbox's (401), or an API key was used instead (403). */
  get isAuthentication(): boolean {
    return this.type === 'authentication_error'
  }
}

export function isApiClientError(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError
}
