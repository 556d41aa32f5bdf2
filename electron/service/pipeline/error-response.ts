import { ApiError, ERROR_CATALOGUE } from '../../../shared/errors'
import type { ErrorEnvelope, ServiceResponse } from '../../../shared/api/envelope'
import type { ApiVersion } from '../../../shared/api/api-versions'
import { withApiVersion } from './api-version'

// The error envelope, apart from the dispatcher: the faces' adapters (HTTP, IPC) answer errors of their own
// (a malformed request, a fault-lab answer, an invalid IPC message) in the same envelope without importing
// the dispatcher, which only index.ts does.

/** An ApiError as the API's error envelope (status, body, headers). */
export function errorResponse(error: ApiError, requestId: string): ServiceResponse {
  const entry = ERROR_CATALOGUE[error.kind]
  const body: ErrorEnvelope = { error: { type: entry.type, code: entry.code, message: error.message, param: error.param, requestId } }
  return { status: entry.status, body, headers: { ...error.headers }, requestId }
}

/** The answer to a call that could not complete (a bug, or its batch's COMMIT failed): nothing of it was stored. */
export function internalErrorResponse(requestId: string, apiVersion: ApiVersion): ServiceResponse {
  return withApiVersion(errorResponse(new ApiError('internal', `An internal error occurred. Quote ${requestId} when reporting it.`), requestId), apiVersion)
}
