import type { ServiceResponse } from '../../../shared/api/envelope'
import type { Db } from './connection'

/** The first answer to a request made with an Idempotency-Key, and what identifies that request. */
export interface IdempotencyRecord {
  method: string
  path: string
  body_hash: string
  status: number
  /** The answer's body as first sent (stored as JSON text). */
  response: ServiceResponse['body']
  expires_at: number
}
type StoredRecord = Omit<IdempotencyRecord, 'response'> & { response: string }

export function createIdempotencyRepo(db: Db) {
  const getStmt = db.prepare<[string, string, string], StoredRecord>(
    'SELECT method, path, body_hash, status, response, expires_at FROM idempotency_keys WHERE organization_id = ? AND environment = ? AND key = ?',
  )
  const putStmt = db.prepare(`INSERT INTO idempotency_keys (organization_id, environment, key, method, path, body_hash, status, response, created_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(organization_id, environment, key) DO UPDATE SET method = excluded.method, path = excluded.path,
      body_hash = excluded.body_hash, status = excluded.status, response = excluded.response, created_at = excluded.created_at, expires_at = excluded.expires_at`)
  const purgeStmt = db.prepare('DELETE FROM idempotency_keys WHERE expires_at <= ?')
  return {
    get(organizationId: string, environment: string, key: string, now: number): IdempotencyRecord | undefined {
      const record = getStmt.get(organizationId, environment, key)
      return record && record.expires_at > now ? { ...record, response: JSON.parse(record.response) as ServiceResponse['body'] } : undefined
    },
    put(organizationId: string, environment: string, key: string, record: IdempotencyRecord, now: number): void {
      putStmt.run(organizationId, environment, key, record.method, record.path, record.body_hash, record.status, JSON.stringify(record.response), now, record.expires_at)
    },
    purgeExpired(now: number): number {
      return purgeStmt.run(now).changes
    },
  }
}
export type IdempotencyRepo = ReturnType<typeof createIdempotencyRepo>
