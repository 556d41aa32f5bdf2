import { LATEST_API_VERSION } from '../../shared/api/api-versions'
import type { PaydeskService } from '../service'

export interface HealthBody {
  status: 'ok' | 'starting' | 'stopping' | 'error'
  version: string
  apiVersion: string
  database: 'ok' | 'error'
}

/**
 * GET /healthz: what a compose file or a CI step waits on. 200 only when the host accepts API calls and
 * the database answers; 503 with the same shape while the host starts, stops or cannot reach SQLite.
 * No credentials and no rate limit (a readiness probe must never be throttled into looking down).
 */
export function healthOf(service: PaydeskService, phase: 'starting' | 'ready' | 'stopping'): { status: number; body: HealthBody } {
  const database = service.health().database
  const status: HealthBody['status'] = phase === 'ready' ? (database === 'ok' ? 'ok' : 'error') : phase
  return {
    status: status === 'ok' ? 200 : 503,
    body: { status, version: service.health().version, apiVersion: LATEST_API_VERSION, database },
  }
}
