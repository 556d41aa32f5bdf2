import { describe, expect, it } from 'vitest'
import { createFailureBudget } from '../../electron/service/core/failure-budget'
import { fakeClock } from '../support/harness'

/** The keyed failure budget the HTTP face's failed-authentication guard is made of (and a sign-in can use). */
describe('createFailureBudget', () => {
  it('allows `burst` failures per key, then says how long until the next, given back at perMinute', () => {
    const clock = fakeClock()
    const budget = createFailureBudget({ burst: 3, perMinute: 2, now: clock.now })
    expect([budget.fail('a'), budget.fail('a')]).toEqual([0, 0])
    expect(budget.fail('a')).toBe(30)
    expect(budget.retryAfterSeconds('a')).toBe(30)
    expect(budget.retryAfterSeconds('b')).toBe(0)
    clock.advance(29_000)
    expect(budget.retryAfterSeconds('a')).toBe(1)
    clock.advance(1_000)
    expect(budget.retryAfterSeconds('a')).toBe(0)
    expect(budget.fail('a')).toBe(30)
    clock.advance(10 * 60_000)
    expect([budget.fail('a'), budget.fail('a'), budget.fail('a')]).toEqual([0, 0, 30])
    budget.forgive('a')
    expect(budget.retryAfterSeconds('a')).toBe(0)
  })

  it('remembers at most maxKeys keys, forgetting the least recently failed', () => {
    const budget = createFailureBudget({ burst: 1, perMinute: 1, maxKeys: 2, now: () => 0 })
    budget.fail('a')
    budget.fail('b')
    budget.fail('a')
    budget.fail('c')
    expect(['a', 'b', 'c'].map((key) => budget.retryAfterSeconds(key) > 0)).toEqual([true, false, true])
  })

  it('refuses a budget that could never give a failure back', () => {
    expect(() => createFailureBudget({ burst: 0, perMinute: 1 })).toThrow(RangeError)
    expect(() => createFailureBudget({ burst: 5, perMinute: 0 })).toThrow(RangeError)
  })
})
