import { API_VERSION_HEADER, API_VERSIONS, LATEST_API_VERSION, atLeast, isApiVersion, type ApiVersion } from '../../../shared/api/api-versions'
import type { ServiceResponse } from '../../../shared/api/envelope'
import { ApiError } from '../../../shared/errors'
import type { Principal } from '../core/principal'

/**
 * Query parameters by the release that introduced them (spec section 9). Under an older release they are
 * unknown, and an unknown query parameter is ignored as always: `scope` does not filter accounts before
 * 1.0.2, and `shortcode` does not filter transactions (nor trigger the enterprise check) in 1.0.0.
 */
const INTRODUCED: Record<string, Record<string, ApiVersion>> = {
  'accounts.list': { scope: '1.0.2' },
  'transactions.list': { shortcode: '1.0.1' },
}

/** The version a response names before the request's own is known: the header's when valid, else the newest. */
export function provisionalApiVersion(header: string | undefined): ApiVersion {
  return isApiVersion(header) ? header : LATEST_API_VERSION
}

/**
 * The header wins over the key's pin, which wins over the newest release. A header value that is not a
 * release is a 400, an empty one too (docs/api.md): only a header left out means "the default".
 */
export function resolveApiVersion(header: string | undefined, principal: Principal): ApiVersion {
  if (header !== undefined) {
    if (!isApiVersion(header)) {
      throw new ApiError('invalid_parameter', `${API_VERSION_HEADER} must be one of ${API_VERSIONS.join(', ')} (got "${header.slice(0, 40)}").`, API_VERSION_HEADER)
    }
    return header
  }
  return isApiVersion(principal.pinnedApiVersion) ? principal.pinnedApiVersion : LATEST_API_VERSION
}

/** Drops the query parameters the chosen release does not know yet. */
export function forRelease(routeId: string, query: unknown, version: ApiVersion): unknown {
  const introduced = INTRODUCED[routeId]
  if (!introduced || query === null || typeof query !== 'object') return query
  const kept = { ...(query as Record<string, unknown>) }
  for (const [name, since] of Object.entries(introduced)) if (!atLeast(version, since)) delete kept[name]
  return kept
}

/** Every answer names the release it was given under. */
export function withApiVersion(response: ServiceResponse, version: ApiVersion): ServiceResponse {
  // Every response is the call's own (built for it, its headers too): named in place, not copied.
  response.headers[API_VERSION_HEADER] = version
  return response
}
