import { chmodSync, closeSync, existsSync, openSync, statSync } from 'node:fs'

/**
 * The database holds the webhook signing secrets and the console token in clear (the engine must use them),
 * so no other local user may read it: a new file is created owner-only (0600) and an existing one that is
 * readable by others is tightened. SQLite gives its -wal and -shm files the database file's permissions.
 * Nothing to do for in-memory databases, and on Windows, where files carry ACLs instead of mode bits.
 */
export function restrictToOwner(file: string): void {
  if (file === ':memory:' || file.startsWith('file:') || process.platform === 'win32') return
  // An empty file is a valid new SQLite database; creating it here is what fixes its mode.
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600))
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (!existsSync(path) || (statSync(path).mode & 0o077) === 0) continue
    try {
      chmodSync(path, 0o600)
    } catch {
      // Not ours to change (another owner): open it anyway, as before; docs/security.md says to keep it private.
    }
  }
}
