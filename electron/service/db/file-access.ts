import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/**
 * A folder Paydesk would write secrets into is not safely the user's: owned by another user, or open to
 * others in a way Paydesk may not change. The message says which folder, why, and what to do.
 */
export class UnsafeFolderError extends Error {
  constructor(readonly folder: string, why: string, remedy: string) {
    super(`Paydesk will not write into ${folder}: ${why}. ${remedy}`)
    this.name = 'UnsafeFolderError'
  }
}

/** Mode bits and owner checks mean nothing on Windows (ACLs) or without a user id. */
const currentUser = (): number | null => (process.platform === 'win32' || !process.getuid ? null : process.getuid())
const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0')

/**
 * The snapshots folder holds every secret of the database (each snapshot is a whole copy of it). Created
 * 0700 when missing; an existing one must be the user's own and is tightened to 0700; one owned by another
 * user (who could read what is written there, or swap it), or reached through a link another user owns
 * (who could point it elsewhere), is refused.
 */
export function ensurePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  const me = currentUser()
  if (me === null) return
  const link = lstatSync(folder)
  if (link.isSymbolicLink() && link.uid !== me && link.uid !== 0) {
    throw new UnsafeFolderError(folder, `it is a link owned by another user (uid ${link.uid}), who could point it elsewhere`, 'Remove the link, or choose another folder.')
  }
  const stat = statSync(folder)
  if (!stat.isDirectory()) throw new UnsafeFolderError(folder, 'it is not a folder', 'Remove it, or choose another folder.')
  if (stat.uid !== me) {
    throw new UnsafeFolderError(folder, `it belongs to another user (uid ${stat.uid}), who could read every secret written there`, 'Remove it (another user may have made it first), or choose another folder.')
  }
  if ((stat.mode & 0o077) !== 0) chmodSync(folder, 0o700)
}

/**
 * The database's folder: Paydesk creates the database and its -wal and -shm files there (and snapshots/),
 * so no other user may be able to plant or swap files in it first. A folder the user owns that others can
 * write to loses that (group and others keep reading, which shows names only: the files are 0600); a
 * folder of another user, or one shared on purpose (sticky and writable by all, as /tmp), is refused.
 */
function ensureDatabaseFolder(folder: string): void {
  const me = currentUser()
  if (me === null) return
  const stat = statSync(folder)
  const remedy = 'Keep the database in a folder of your own (for example --db ~/paydesk/paydesk.db).'
  if (stat.uid !== me && stat.uid !== 0) {
    throw new UnsafeFolderError(folder, `it belongs to another user (uid ${stat.uid}), who could plant or read the database's files there`, remedy)
  }
  if ((stat.mode & 0o022) === 0) return
  if (stat.uid !== me || (stat.mode & 0o1000) !== 0) {
    throw new UnsafeFolderError(folder, `other users can create files in it (mode ${octal(stat.mode)}), so one could plant the database's -wal or -shm file first`, remedy)
  }
  chmodSync(folder, stat.mode & 0o7755)
}

/**
 * The database holds the webhook signing secrets and the console token in clear (the engine must use them),
 * so no other local user may read it: its folder must be safe (ensureDatabaseFolder), a new file is created
 * owner-only (0600) and exclusively, and an existing one that is readable by others is tightened. SQLite
 * gives its -wal and -shm files the database file's permissions. Nothing to do for in-memory databases, and
 * on Windows, where files carry ACLs instead of mode bits.
 */
export function restrictToOwner(file: string): void {
  if (file === ':memory:' || file.startsWith('file:') || process.platform === 'win32') return
  ensureDatabaseFolder(dirname(resolve(file)))
  // An empty file is a valid new SQLite database; creating it here is what fixes its mode.
  if (!existsSync(file)) {
    try {
      closeSync(openSync(file, 'wx', 0o600))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (!existsSync(path) || (statSync(path).mode & 0o077) === 0) continue
    try {
      chmodSync(path, 0o600)
    } catch {
      // Not ours to change (another owner): open it anyway, as before; docs/security.md says to keep it private.
    }
  }
}
