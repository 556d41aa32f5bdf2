import { ApiError } from '../../../shared/errors'
import type { ServiceResponse } from '../../../shared/api/envelope'
import { sha256Hex } from '../core/ids'
import type { Established } from './call'

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

/** JSON with keys sorted at every level: the same body hashes the same whatever its key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * Runs `fresh` once per Idempotency-Key: a request sent again with the same key gets the first answer
 * (`Idempotent-Replayed: true`), the same key with another request a 409. Call inside the call's SQLite
 * transaction, so the stored answer exists exactly when what it answers does.
 */
export function oncePerKey(call: Established, key: string, fresh: () => ServiceResponse): ServiceResponse {
  const { store } = call.deps.engine
  const { route, principal, now, requestId } = call
  const { organizationId, environment } = principal
  const bodyHash = sha256Hex(stableJson(call.input.body ?? null))
  const previous = store.idempotency.get(organizationId, environment, key, now)
  if (previous) {
    if (previous.method !== route.method || previous.path !== route.path || previous.body_hash !== bodyHash) {
      throw new ApiError('idempotency_conflict', 'This Idempotency-Key was already used with a different request.', 'Idempotency-Key')
    }
    if (call.ctx.notes) call.ctx.notes.replayed = true
    return { status: previous.status, body: previous.response, headers: { 'Idempotent-Replayed': 'true' }, requestId }
  }
  const response = fresh()
  store.idempotency.put(organizationId, environment, key, {
    method: route.method, path: route.path, body_hash: bodyHash, status: response.status, response: response.body, expires_at: now + IDEMPOTENCY_TTL_MS,
  }, now)
  return response
}
