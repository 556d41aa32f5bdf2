import { describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../electron/service/db/connection'

describe('the engine connection', () => {
  it('keeps temporary files (the savepoints’ sub-journals of a batch) in memory, on file databases too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-pragmas-'))
    try {
      const db = openDatabase(join(dir, 'p.db'))
      // 2 = MEMORY (one unit cost ~80 pwrite calls with a file).
      expect(db.pragma('temp_store', { simple: true })).toBe(2)
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
      db.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
