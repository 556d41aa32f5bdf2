import type { Db } from './connection'
import type { ApiKeyRow } from './rows'
import type { TableWatch } from './cache/table-watch'

export function createApiKeysRepo(db: Db, watch: TableWatch) {
  const insertStmt = db.prepare(
    'INSERT INTO api_keys (id, organization_id, environment, prefix, key_hash, label, created_at, last_used_at, revoked_at) VALUES (@id, @organization_id, @environment, @prefix, @key_hash, @label, @created_at, @last_used_at, @revoked_at)',
  )
  const byHashStmt = db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE key_hash = ?')
  const byIdStmt = db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE id = ?')
  const listStmt = db.prepare<[string, string], ApiKeyRow>('SELECT * FROM api_keys WHERE organization_id = ? AND environment = ? ORDER BY created_at DESC, id')
  const revokeStmt = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
  const touchStmt = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?')
  const pinStmt = db.prepare('UPDATE api_keys SET api_version = ? WHERE id = ?')
  // Every public request authenticates: the key is remembered until any key changes (created, revoked,
  // pinned, or touched, which happens at most once a minute per key).
  const byHash = watch.memo([{ table: 'api_keys' }], (hash) => byHashStmt.get(hash))
  return {
    insert(row: ApiKeyRow): void {
      insertStmt.run(row)
    },
    findByHash(hash: string): ApiKeyRow | undefined {
      return byHash(hash)
    },
    get(id: string): ApiKeyRow | undefined {
      return byIdStmt.get(id)
    },
    list(organizationId: string, environment: string): ApiKeyRow[] {
      return listStmt.all(organizationId, environment)
    },
    revoke(id: string, at: number): void {
      revokeStmt.run(at, id)
    },
    touch(id: string, at: number): void {
      touchStmt.run(at, id)
    },
    /** Pins the key to an API release; null: it follows the newest. */
    setApiVersion(id: string, version: string | null): void {
      pinStmt.run(version, id)
    },
  }
}
export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>
