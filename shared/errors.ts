/**
 * The error catalogue: every error the service can answer, with its envelope `type`, `code` and HTTP
 * status (DECISIONS "HTTP conventions"). Operations throw `ApiError` with a catalogue key, never a bare
 * status, so HTTP, IPC and the docs agree.
 */
export const ERROR_CATALOGUE = {
  missing_parameter: { type: 'invalid_request_error', code: 'missing_parameter', status: 400 },
  invalid_parameter: { type: 'invalid_request_error', code: 'invalid_parameter', status: 400 },
  validation_error: { type: 'invalid_request_error', code: 'validation_error', status: 400 },
  missing_header: { type: 'invalid_request_error', code: 'missing_header', status: 400 },
  method_not_allowed: { type: 'invalid_request_error', code: 'invalid_parameter', status: 405 },
  payload_too_large: { type: 'invalid_request_error', code: 'invalid_parameter', status: 413 },
  request_timeout: { type: 'invalid_request_error', code: 'invalid_parameter', status: 408 },
  headers_too_large: { type: 'invalid_request_error', code: 'invalid_parameter', status: 431 },
  unauthorized: { type: 'authentication_error', code: 'unauthorized', status: 401 },
  forbidden: { type: 'authentication_error', code: 'forbidden', status: 403 },
  not_found: { type: 'not_found_error', code: 'resource_not_found', status: 404 },
  conflict: { type: 'conflict_error', code: 'duplicate', status: 409 },
  idempotency_conflict: { type: 'idempotency_error', code: 'duplicate', status: 409 },
  /** The environment mirrors a provider account (or none is connected): sandbox controls and money from here are refused. */
  upstream_mode: { type: 'conflict_error', code: 'upstream_mode', status: 409 },
  rate_limited: { type: 'rate_limit_error', code: 'too_many_requests', status: 429 },
  internal: { type: 'api_error', code: 'internal_error', status: 500 },
  /** Only the fault lab answers it (errorRate with 503, outage): the provider having a bad day. */
  unavailable: { type: 'api_error', code: 'internal_error', status: 503 },
  /** Only the fault lab answers it (commitThenError with 502): a gateway in front of the provider lost its answer. */
  bad_gateway: { type: 'api_error', code: 'internal_error', status: 502 },
} as const

export type ErrorKind = keyof typeof ERROR_CATALOGUE
export type ErrorType = (typeof ERROR_CATALOGUE)[ErrorKind]['type']
export type ErrorCode = (typeof ERROR_CATALOGUE)[ErrorKind]['code']

export class ApiError extends Error {
  readonly kind: ErrorKind
  readonly param: string | null
  readonly headers: Record<string, string>

  constructor(kind: ErrorKind, message: string, param: string | null = null, headers: Record<string, string> = {}) {
    super(message)
    this.name = 'ApiError'
    this.kind = kind
    this.param = param
    this.headers = headers
  }

  get status(): number {
    return ERROR_CATALOGUE[this.kind].status
  }
}
