import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync, statSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'

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
 * exclusively 0700 when missing; an existing one must be the user's own and is tightened to 0700; one owned by another
 * user (who could read what is written there, or swap it), or reached through a link another user owns
 * (who could point it elsewhere), is refused.
 */
export function ensurePrivateFolder(folder: string): void {
  mkdirSync(dirname(folder), { recursive: true })
  try {
    mkdirSync(folder, { mode: 0o700 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
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
 * The database's folder. Paydesk creates the database, its -wal and -shm files exclusively and owner-only
 * (restrictToOwner), so a folder others may write to is fine as long as nobody planted one of those names
 * first: a shared sticky folder (/tmp, where `--db "$(mktemp -u)"` points) keeps others from removing or
 * renaming what is ours. A folder of the user that others can write to loses that; a folder of another
 * user (who could plant files whenever Paydesk is not running) is refused, as is one writable by others
 * without the sticky bit that Paydesk cannot tighten (anyone could swap its files).
 */
function ensureDatabaseFolder(folder: string, me: number): void {
  const stat = statSync(folder)
  const remedy = 'Keep the database in a folder of your own (for example --db ~/paydesk/paydesk.db).'
  if (stat.uid !== me && stat.uid !== 0) {
    throw new UnsafeFolderError(folder, `it belongs to another user (uid ${stat.uid}), who could plant or read the database's files there`, remedy)
  }
  if ((stat.mode & 0o022) === 0 || (stat.mode & 0o1000) !== 0) return
  if (stat.uid !== me) {
    throw new UnsafeFolderError(folder, `other users can replace files in it (mode ${octal(stat.mode)}, not sticky), so one could swap the database's -wal or -shm file`, remedy)
  }
  chmodSync(folder, stat.mode & 0o7755)
}

/** Refuses a file already at the database's name (or its -wal's, -shm's) that another user made or links to. */
function refusePlanted(path: string, me: number): void {
  let link
  try {
    link = lstatSync(path)
  } catch {
    return
  }
  const planted = link.uid !== me ? link : !link.isSymbolicLink() ? null : existsSync(path) && statSync(path).uid !== me ? statSync(path) : null
  if (planted === null) return
  throw new UnsafeFolderError(dirname(path), `${basename(path)} is already there and belongs to another user (uid ${planted.uid}), who could read or change the database through it`,
    'Remove it if you did not put it there, or choose another path for --db.')
}

/** Creates the file owner-only (0600) unless something is at its name (then the checks above decided). */
function createExclusive(path: string): void {
  try {
    closeSync(openSync(path, 'wx', 0o600))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
}

/**
 * The database holds the webhook signing secrets and the console token in clear (the engine must use them),
 * so no other local user may read or plant it. Its folder must be safe (ensureDatabaseFolder); the database,
 * its -wal and its -shm are refused when one of them is already there and another user's, created
 * exclusively and owner-only (0600) when missing (an empty file is a valid new database, an empty -wal and
 * -shm are what SQLite starts from), and tightened when readable by others. Nothing to do for in-memory
 * databases, and on Windows, where files carry ACLs instead of mode bits.
 */
export function restrictToOwner(file: string): void {
  if (file === ':memory:' || file.startsWith('file:') || process.platform === 'win32') return
  const me = currentUser()
  const paths = [file, `${file}-wal`, `${file}-shm`]
  if (me !== null) {
    ensureDatabaseFolder(dirname(resolve(file)), me)
    for (const path of paths) refusePlanted(path, me)
  }
  for (const path of paths) createExclusive(path)
  // Between the check and the exclusive create nobody else could have made one: check what is there now.
  if (me !== null) for (const path of paths) refusePlanted(path, me)
  for (const path of paths) {
    if (existsSync(path) && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600)
  }
}
