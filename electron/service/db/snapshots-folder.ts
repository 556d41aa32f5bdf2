import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

/** A file database keeps its snapshots beside it; an in-memory one in a temporary folder made on first use and removed on close. */
export function snapshotsFolderOf(options: { dbPath: string; snapshotsFolder?: string }): { folder: () => string; cleanup: () => void } {
  const fixed = options.snapshotsFolder ?? (options.dbPath !== ':memory:' ? join(dirname(resolve(options.dbPath)), 'snapshots') : undefined)
  if (fixed !== undefined) return { folder: () => fixed, cleanup: () => {} }
  let temporary: string | undefined
  return {
    folder: () => (temporary ??= mkdtempSync(join(tmpdir(), 'paydesk-snapshots-'))),
    cleanup: () => {
      if (temporary !== undefined) rmSync(temporary, { recursive: true, force: true })
    },
  }
}
