import { ApiError } from '../../../shared/errors'
import type { ApiWarning } from '../../../shared/api/warnings'
import type { RouteSpec } from '../../../shared/api/route'
import type { Principal } from '../core/principal'
import { sha256Hex } from '../core/ids'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** 1–255 printable ASCII characters (DECISIONS "Idempotency"). */
const PRINTABLE_KEY = /^[\x20-\x7e]{1,255}$/

/** A departure production tolerates: answered with a warning, refused with `strictError` under strict checks. */
interface Tolerated {
  warning: ApiWarning
  strictError: ApiError
}

export const WARNINGS = {
  idempotencyKeyNotUuid: {
    warning: { code: 'idempotency-key-not-uuid', message: 'the API reference documents a UUID' },
    strictError: new ApiError('invalid_parameter', 'Idempotency-Key must be a UUID (strict request checks are on).', 'Idempotency-Key'),
  },
} as const satisfies Record<string, Tolerated>

/**
 * Checks the Idempotency-Key header and returns the key to store the request under (undefined: none).
 * A UUID is stored lower-cased as before; any other key is stored as its SHA-256, so a key that happens
 * to be a secret (a misplaced API key) never lands in the database in clear. Tolerated departures are
 * pushed onto `warnings`, or thrown when `strict()` (read only then: most calls never need the setting).
 */
export function checkIdempotencyKey(route: RouteSpec, principal: Principal, key: string | undefined, strict: () => boolean, warnings: ApiWarning[]): string | undefined {
  if (route.idempotency === 'none') return undefined
  if (key === undefined) {
    if (route.idempotency === 'required-live' && principal.environment === 'live') {
      throw new ApiError('missing_header', 'The Idempotency-Key header is required for this operation with a live key.', 'Idempotency-Key')
    }
    return undefined
  }
  if (UUID.test(key)) return key.toLowerCase()
  if (!PRINTABLE_KEY.test(key)) {
    throw new ApiError('invalid_parameter', 'Idempotency-Key must be 1 to 255 printable ASCII characters (the API reference documents a UUID).', 'Idempotency-Key')
  }
  tolerate(WARNINGS.idempotencyKeyNotUuid, strict, warnings)
  return `sha256:${sha256Hex(key)}`
}

function tolerate(departure: Tolerated, strict: () => boolean, warnings: ApiWarning[]): void {
  if (strict()) throw departure.strictError
  warnings.push(departure.warning)
}
