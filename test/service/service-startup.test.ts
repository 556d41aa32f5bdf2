import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createService } from '../../electron/service'
import { CONSOLE_TOKEN, TEST_KEY, testService, withInternals } from '../support/harness'

/** What a host learns at start without reaching into the engine: `service.startup`, and seeding as an option. */
describe('createService: startup facts and seeded history', () => {
  const folders: string[] = []
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  })
  const count = (service: ReturnType<typeof withInternals>) =>
    (service.internals.store.db.prepare("SELECT COUNT(*) AS n FROM transactions WHERE environment = 'test'").get() as { n: number }).n

  it('seedHistory fills a fresh database and says how many rows', () => {
    const { service } = testService({ seedHistory: 250 })
    const before = testService()
    try {
      expect(service.startup.seededHistory).toMatchObject({ inserted: 250, ms: expect.any(Number) })
      expect(count(service) - count(before.service)).toBe(250)
      expect(before.service.startup.seededHistory).toBeUndefined()
    } finally {
      service.close()
      before.service.close()
    }
  })

  it('never seeds into a database that already existed (never mixed into real work)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'paydesk-startup-'))
    folders.push(folder)
    const open = () => withInternals(createService({ dbPath: join(folder, 'paydesk.db'), apiKey: TEST_KEY, consoleToken: CONSOLE_TOKEN, seedHistory: 100 }))
    const first = open()
    const rows = count(first)
    expect(first.startup).toMatchObject({ freshDatabase: true, seededHistory: { inserted: 100 } })
    first.close()
    const second = open()
    expect(second.startup.freshDatabase).toBe(false)
    expect(second.startup.seededHistory).toBeUndefined()
    expect(count(second)).toBe(rows)
    second.close()
  })

  it('startup names the simulator mode in force and the simulated now at start (a seeded run: its --clock)', () => {
    const clockStart = Date.UTC(2026, 4, 4, 9)
    const { service } = testService({ simulatorMode: 'interactive', seed: 5, clockStart })
    try {
      expect(service.startup.simulatorMode).toBe('interactive')
      expect(service.startup.simulatedNow).toBe(clockStart)
      // The same facts through the console route the hosts' other readers use.
      const state = service.call('console.simulator.get', {}, { bearer: CONSOLE_TOKEN })
      expect(state.status).toBe(200)
      expect('data' in state.body && state.body.data.mode).toBe('interactive')
    } finally {
      service.close()
    }
  })
})
