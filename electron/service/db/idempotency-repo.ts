import type { Db } from './connection'

export interface IdempotencyRecord {
  method: string
  path: string
  body_hash: string
  status: number
  response: string
  expires_at: number
}

export function createIdempotencyRepo(db: Db) {
  const getStmt = db.prepare<[string, string, string], IdempotencyRecord>(
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
      return record && record.expires_at > now ? record : undefined
    },
    put(organizationId: string, environment: string, key: string, record: IdempotencyRecord, now: number): void {
      putStmt.run(organizationId, environment, key, record.method, record.path, record.body_hash, record.status, record.response, now, record.expires_at)
    },
    purgeExpired(now: number): number {
      return purgeStmt.run(now).changes
    },
  }
}
export type IdempotencyRepo = ReturnType<typeof createIdempotencyRepo>
