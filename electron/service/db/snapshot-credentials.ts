import type { Db } from './connection'

/**
 * Credentials through a restore. A snapshot rewinds the sandbox's data, but revoking an API key or rotating
 * a webhook signing secret is a security act a rewind must never undo, so a restore never brings back a
 * credential that does not work now:
 *
 * - API keys (matched by id or by digest): one revoked now stays revoked. One created since the snapshot is
 *   removed while live (a rewind may take access away) but kept, revoked, once revoked: its revocation is
 *   remembered through any later restore. One of the snapshot that is gone now with its organization (a
 *   sandbox deleted since, or removed by an earlier restore: keys are never deleted one by one) comes back
 *   revoked, since nothing says it was not revoked before it went. One gone now while its organization is
 *   here was live when an earlier restore removed it (revoked ones are kept), and comes back as saved.
 * - Webhook signing secrets: an endpoint here now keeps its secrets as they are now (current, previous and
 *   the overlap's end), so no secret rotated away signs again. One here only in the snapshot (its
 *   organization gone now) gets a new secret: a secret of a deleted sandbox is not known to be unleaked.
 *
 * The provider's key is never in the database (docs/upstream.md "How the key is kept").
 */
export interface RestoreCredentials {
  /** The restore's simulated time: when a key that comes back without its organization is revoked. */
  now: number
  /** A new webhook signing secret, from the engine's ids (a seeded run stays reproducible). */
  newWebhookSecret: () => string
}

interface KeyNow {
  id: string
  key_hash: string
  organization_id: string
  revoked_at: number | null
}

interface SecretsNow {
  organization_id: string
  environment: string
  secret: string
  previous_secret: string | null
  previous_secret_expires_at: number | null
}

const columnsOf = (db: Db, table: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name)

/** Reads the credentials of now (call before the restore replaces them); the function that keeps them after it. */
export function keepCredentials(db: Db, credentials: RestoreCredentials): () => void {
  const keyColumns = columnsOf(db, 'api_keys')
  const keys = db.prepare(`SELECT ${keyColumns.map((c) => `"${c}"`).join(', ')} FROM api_keys`).all() as (KeyNow & Record<string, unknown>)[]
  const endpoints = db.prepare('SELECT organization_id, environment, secret, previous_secret, previous_secret_expires_at FROM webhook_endpoints').all() as SecretsNow[]
  const organizations = new Set((db.prepare('SELECT id FROM organizations').all() as { id: string }[]).map((row) => row.id))
  return () => {
    keepRevocations(db, keyColumns, keys, organizations, credentials.now)
    keepSigningSecrets(db, endpoints, credentials.newWebhookSecret)
  }
}

function keepRevocations(db: Db, columns: string[], keys: (KeyNow & Record<string, unknown>)[], organizationsNow: ReadonlySet<string>, now: number): void {
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? OR key_hash = ?')
  const organizationExists = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM organizations WHERE id = ?')
  const insert = db.prepare(`INSERT INTO api_keys (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
  for (const key of keys) {
    if (key.revoked_at === null) continue
    const matched = revoke.run(key.revoked_at, key.id, key.key_hash).changes > 0
    if (!matched && organizationExists.get(key.organization_id)!.n > 0) insert.run(columns.map((c) => key[c]))
  }
  const idsNow = new Set(keys.map((key) => key.id))
  const digestsNow = new Set(keys.map((key) => key.key_hash))
  const live = db.prepare('SELECT id, key_hash, organization_id FROM api_keys WHERE revoked_at IS NULL').all() as KeyNow[]
  for (const key of live) {
    if (idsNow.has(key.id) || digestsNow.has(key.key_hash) || organizationsNow.has(key.organization_id)) continue
    revoke.run(now, key.id, key.key_hash)
  }
}

function keepSigningSecrets(db: Db, endpoints: SecretsNow[], newSecret: () => string): void {
  const keep = db.prepare(`UPDATE webhook_endpoints SET secret = @secret, previous_secret = @previous_secret, previous_secret_expires_at = @previous_secret_expires_at
    WHERE organization_id = @organization_id AND environment = @environment`)
  const kept = new Set<string>()
  for (const endpoint of endpoints) {
    if (keep.run(endpoint).changes > 0) kept.add(`${endpoint.organization_id}\u0000${endpoint.environment}`)
  }
  const restored = db.prepare('SELECT organization_id, environment FROM webhook_endpoints').all() as { organization_id: string; environment: string }[]
  for (const endpoint of restored) {
    if (kept.has(`${endpoint.organization_id}\u0000${endpoint.environment}`)) continue
    keep.run({ ...endpoint, secret: newSecret(), previous_secret: null, previous_secret_expires_at: null })
  }
}
