import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createService } from '../../electron/service'
import { CONSOLE_TOKEN, TEST_KEY, WEBHOOK_SECRET } from '../support/harness'

/**
 * The database file holds the webhook signing secrets and the console token in clear, so other local
 * users must not be able to read it (with the console token they could drive the console over HTTP).
 */
const folder = mkdtempSync(join(tmpdir(), 'paydesk-db-mode-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const modeOf = (path: string) => statSync(path).mode & 0o777
const open = (dbPath: string) => createService({ dbPath, apiKey: TEST_KEY, consoleToken: CONSOLE_TOKEN, webhookSecret: WEBHOOK_SECRET })

describe.skipIf(process.platform === 'win32')('database file permissions', () => {
  it('a new database and its WAL files are owner-only (0600), whatever the umask', () => {
    const dbPath = join(folder, 'new.db')
    const previous = process.umask(0o022)
    try {
      const service = open(dbPath)
      // A write, so the -wal and -shm files exist.
      service.call('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: 'mode-1' } }, { bearer: TEST_KEY })
      expect(modeOf(dbPath)).toBe(0o600)
      expect(modeOf(`${dbPath}-wal`)).toBe(0o600)
      expect(modeOf(`${dbPath}-shm`)).toBe(0o600)
      service.close()
    } finally {
      process.umask(previous)
    }
  })

  it('an existing database readable by others is tightened to 0600 when opened', () => {
    const dbPath = join(folder, 'old.db')
    open(dbPath).close()
    chmodSync(dbPath, 0o644)
    open(dbPath).close()
    expect(modeOf(dbPath)).toBe(0o600)
  })
})
