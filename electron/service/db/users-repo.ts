import type { Role } from '../../../shared/team/permissions'
import type { Db } from './connection'

export interface UserRow {
  id: string
  name: string
  role: Role
  /** scrypt parameters, salt and hash (team/passwords.ts); never the password. */
  password_hash: string
  disabled_at: number | null
  created_at: number
  updated_at: number
}

export interface SessionRow {
  id: string
  user_id: string
  token_hash: string
  created_at: number
  last_seen_at: number
}

/** The key a name is unique under: the same name in another case is the same user. */
export const nameKey = (name: string): string => name.trim().toLowerCase()

/** Users (migration 020): a name, a role, a password hash, whether disabled. Users are disabled, never deleted. */
export function createUsersRepo(db: Db) {
  const insertStmt = db.prepare(`INSERT INTO users (id, name, name_key, role, password_hash, disabled_at, created_at, updated_at)
    VALUES (@id, @name, @name_key, @role, @password_hash, @disabled_at, @created_at, @updated_at)`)
  const getStmt = db.prepare<[string], UserRow>('SELECT id, name, role, password_hash, disabled_at, created_at, updated_at FROM users WHERE id = ?')
  const byNameStmt = db.prepare<[string], UserRow>('SELECT id, name, role, password_hash, disabled_at, created_at, updated_at FROM users WHERE name_key = ?')
  const listStmt = db.prepare<[], UserRow>('SELECT id, name, role, password_hash, disabled_at, created_at, updated_at FROM users ORDER BY created_at, id')
  const updateStmt = db.prepare('UPDATE users SET role = @role, password_hash = @password_hash, disabled_at = @disabled_at, updated_at = @updated_at WHERE id = @id')
  const managersStmt = db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM users WHERE role IN ('owner', 'admin') AND disabled_at IS NULL")
  return {
    insert(row: UserRow): void {
      insertStmt.run({ ...row, name_key: nameKey(row.name) })
    },
    get(id: string): UserRow | undefined {
      return getStmt.get(id)
    },
    byName(name: string): UserRow | undefined {
      return byNameStmt.get(nameKey(name))
    },
    list(): UserRow[] {
      return listStmt.all()
    },
    update(row: UserRow): void {
      updateStmt.run(row)
    },
    /** Enabled owners and admins: someone who could sign in and manage the team. */
    enabledManagers(): number {
      return managersStmt.get()!.n
    },
  }
}

/** Sign-in sessions (migration 020), found by the SHA-256 digest of their token. */
export function createSessionsRepo(db: Db) {
  const insertStmt = db.prepare('INSERT INTO user_sessions (id, user_id, token_hash, created_at, last_seen_at) VALUES (@id, @user_id, @token_hash, @created_at, @last_seen_at)')
  const byHashStmt = db.prepare<[string], SessionRow>('SELECT * FROM user_sessions WHERE token_hash = ?')
  const byIdStmt = db.prepare<[string], SessionRow>('SELECT * FROM user_sessions WHERE id = ?')
  const touchStmt = db.prepare('UPDATE user_sessions SET last_seen_at = ? WHERE id = ?')
  const endStmt = db.prepare('DELETE FROM user_sessions WHERE id = ?')
  const endAllStmt = db.prepare('DELETE FROM user_sessions WHERE user_id = ?')
  const countStmt = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM user_sessions WHERE user_id = ?')
  // Counts calls that end sessions (a rolled-back one too): open event streams re-read their session when it moved.
  let endings = 0
  return {
    insert(row: SessionRow): void {
      insertStmt.run(row)
    },
    byTokenHash(tokenHash: string): SessionRow | undefined {
      return byHashStmt.get(tokenHash)
    },
    get(id: string): SessionRow | undefined {
      return byIdStmt.get(id)
    },
    touch(id: string, at: number): void {
      touchStmt.run(at, id)
    },
    end(id: string): void {
      endings++
      endStmt.run(id)
    },
    /** Ends every session of a user (disabled, new role, new password). */
    endAllOf(userId: string): void {
      endings++
      endAllStmt.run(userId)
    },
    /** How many times sessions were ended in this process (session-watch.ts compares it after a COMMIT). */
    endings(): number {
      return endings
    },
    countOf(userId: string): number {
      return countStmt.get(userId)!.n
    },
  }
}
export type UsersRepo = ReturnType<typeof createUsersRepo>
export type SessionsRepo = ReturnType<typeof createSessionsRepo>
