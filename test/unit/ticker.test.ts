import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startTicker } from '../../electron/service/core/ticker'

/** The hosts' one tick loop (CLI serve, scenario run, desktop main process). Fake timers: nothing sleeps. */
describe('startTicker', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('ticks at the interval, lets ticks overlap (a hanging one holds back no other), and stops ticking on stop()', async () => {
    const pending: Array<() => void> = []
    const tick = vi.fn(() => new Promise<void>((done) => pending.push(done)))
    const ticker = startTicker({ tick }, { intervalMs: 20 })
    await vi.advanceTimersByTimeAsync(60)
    expect(tick).toHaveBeenCalledTimes(3)
    const stopped = ticker.stop()
    for (const done of pending) done()
    await stopped
    await vi.advanceTimersByTimeAsync(100)
    expect(tick).toHaveBeenCalledTimes(3)
  })

  it('stop() waits for ticks in flight, but at most the grace period', async () => {
    const ticker = startTicker({ tick: () => new Promise<void>(() => {}) }, { intervalMs: 20, graceMs: 500 })
    await vi.advanceTimersByTimeAsync(20)
    let stopped = false
    void ticker.stop().then(() => (stopped = true))
    await vi.advanceTimersByTimeAsync(499)
    expect(stopped).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(stopped).toBe(true)
  })

  it('a failing tick is logged and the loop goes on', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    let calls = 0
    const ticker = startTicker({ tick: () => (++calls === 1 ? Promise.reject(new Error('boom')) : Promise.resolve()) }, { intervalMs: 20 })
    await vi.advanceTimersByTimeAsync(40)
    expect(calls).toBe(2)
    expect(logged).toHaveBeenCalledWith('[paydesk] tick failed:', expect.any(Error))
    await ticker.stop()
    logged.mockRestore()
  })
})
