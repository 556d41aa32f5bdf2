import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createInvalidationBatcher } from '../../renderer/src/api/invalidation-batcher'

describe('push invalidation batching (the console refetches live, but not on every event of a burst)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function recorder() {
    const flushes: { environment: string; selectors: string[] }[] = []
    const batcher = createInvalidationBatcher((environment, selectors) => flushes.push({ environment, selectors: [...selectors].sort() }), 1_000, () => Date.now())
    return { flushes, batcher }
  }

  it('applies the first event at once', () => {
    const { flushes, batcher } = recorder()
    batcher.add('test', ['transactions.'])
    expect(flushes).toEqual([{ environment: 'test', selectors: ['transactions.'] }])
  })

  it('folds a burst into one trailing flush per window, merging selectors per environment', () => {
    const { flushes, batcher } = recorder()
    batcher.add('test', ['transactions.'])
    for (let i = 0; i < 500; i++) batcher.add('test', i % 2 ? ['accounts.list'] : ['transactions.'])
    batcher.add('live', ['balance.get'])
    expect(flushes).toHaveLength(1)
    vi.advanceTimersByTime(999)
    expect(flushes).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(flushes.slice(1)).toEqual([
      { environment: 'test', selectors: ['accounts.list', 'transactions.'] },
      { environment: 'live', selectors: ['balance.get'] },
    ])
  })

  it('after a quiet window the next event is immediate again, and dispose drops what is pending', () => {
    const { flushes, batcher } = recorder()
    batcher.add('test', ['transactions.'])
    vi.advanceTimersByTime(5_000)
    batcher.add('test', ['transactions.'])
    expect(flushes).toHaveLength(2)
    batcher.add('test', ['accounts.list'])
    batcher.dispose()
    vi.advanceTimersByTime(5_000)
    expect(flushes).toHaveLength(2)
  })
})
