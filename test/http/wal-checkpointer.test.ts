import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createService, type PaydeskService } from '../../electron/service'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, WEBHOOK_SECRET } from '../support/harness'

/**
 * Hosts run WAL checkpoints in a worker thread (electron/service/db/checkpointer.ts), with a real file and
 * a real thread here: pages reach the database file without any COMMIT of the engine crossing SQLite's
 * automatic threshold (1,000 pages), and closing the service still removes the WAL (the worker's
 * connection is closed first, so the engine's close is the last one and checkpoints everything).
 */
let folder: string | undefined
let service: PaydeskService | undefined
afterEach(() => {
  service?.close()
  if (folder) rmSync(folder, { recursive: true, force: true })
})

const walPages = (file: string) => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size / 4096 : 0)

describe('WAL checkpoints in a worker thread (hosts)', () => {
  it('copies committed pages into the database file below the automatic threshold, and close removes the WAL', async () => {
    folder = mkdtempSync(join(tmpdir(), 'paydesk-checkpointer-'))
    const file = join(folder, 'paydesk.db')
    service = createService({
      dbPath: file, apiKey: TEST_KEY, liveApiKey: LIVE_KEY, consoleToken: CONSOLE_TOKEN, webhookSecret: WEBHOOK_SECRET,
      checkpointInBackground: true,
    })
    const before = statSync(file).size
    for (let i = 0; i < 60; i++) {
      const answer = service.call('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: `wal-${i}` } }, { bearer: TEST_KEY })
      expect(answer.status).toBe(202)
    }
    // Far below SQLite's automatic checkpoint (1,000 pages) and the engine's fallback (4,096): only the worker copies them.
    expect(walPages(file)).toBeLessThan(1_000)
    const deadline = Date.now() + 10_000
    while (statSync(file).size === before && Date.now() < deadline) await new Promise((resume) => setTimeout(resume, 20))
    expect(statSync(file).size).toBeGreaterThan(before)
    service.close()
    service = undefined
    expect(existsSync(`${file}-wal`)).toBe(false)
  })
})
