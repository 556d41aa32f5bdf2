import { describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN, TEST_KEY, fakeClock, ref, withInternals } from '../support/harness'
import { createService } from '../../electron/service'
import { REQUEST_STEP_MS } from '../../electron/service/simulator/reproducible'

/** The seeded clock's advance rule (docs/simulator.md "Seeded runs"), driven by a fake wall clock. */
function seededService() {
  const wall = fakeClock(Date.UTC(2030, 0, 1))
  const start = Date.UTC(2026, 4, 4, 9)
  const service = withInternals(createService({ dbPath: ':memory:', now: wall.now, apiKey: TEST_KEY, consoleToken: CONSOLE_TOKEN, seed: 3, clockStart: start }))
  const console = { bearer: CONSOLE_TOKEN }
  const now = () => (service.call('console.simulator.get', {}, console).body as any).data.now as number
  return { service, wall, start, now, console }
}

describe('seeded clock', () => {
  it('starts at --clock and moves a fixed step per call, never with the wall clock', () => {
    const { service, wall, start, now } = seededService()
    expect(now()).toBe(start + REQUEST_STEP_MS)
    wall.advance(60_000)
    expect(now()).toBe(start + 2 * REQUEST_STEP_MS)
    service.close()
  })

  it('when idle, jumps to the next due work once that much real time has passed: fast outcomes arrive as before', async () => {
    const { service, wall, start } = seededService()
    const accepted = service.call('mobile.charge', { body: { phoneNumber: '0712345678', amount: 1_000, merchantTransactionId: ref('s') } }, { bearer: TEST_KEY })
    const id = (accepted.body as any).data.transactionId
    await service.tick()
    expect(service.internals.engine.now()).toBe(start + REQUEST_STEP_MS) // nothing due yet, no real time passed
    wall.advance(3_000)
    await service.tick()
    const row = service.internals.store.db.prepare('SELECT status, updated_at, due_at FROM transactions WHERE public_id = ?').get(id) as any
    expect(row.status).toBe('completed')
    // Finalized exactly at its planned (seeded) time, 1-3 s after acceptance.
    expect(row.updated_at - (start + REQUEST_STEP_MS)).toBeGreaterThanOrEqual(1_000)
    expect(row.updated_at - (start + REQUEST_STEP_MS)).toBeLessThanOrEqual(3_000)
    expect(service.internals.engine.now()).toBe(row.updated_at)
    service.close()
  })
})
