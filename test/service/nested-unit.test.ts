import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NestedUnitError } from '../../electron/service/core/batcher'
import { runUnit } from '../../electron/service/core/unit'
import { testService, TEST_KEY } from '../support/harness'

/**
 * "Never start a unit from inside one" (docs/contributing.md) holds by a guard, not by memory: a nested
 * runUnit / service.call would otherwise run as a SAVEPOINT of the outer unit and "commit" as a mere
 * RELEASE, its answer and events out before anything was durable.
 */
describe('a unit of work started inside another', () => {
  let context: ReturnType<typeof testService>
  const probes = () => context.service.internals.store.db.prepare('SELECT n FROM probe ORDER BY n').all().map((row) => (row as { n: number }).n)
  const insert = (n: number) => context.service.internals.store.db.prepare('INSERT INTO probe (n) VALUES (?)').run(n)
  beforeEach(() => {
    context = testService()
    context.service.internals.store.db.exec('CREATE TABLE probe (n INTEGER NOT NULL)')
  })
  afterEach(() => context.service.close())

  it('runUnit inside runUnit throws NestedUnitError; the inner work never runs and the outer unit rolls back', () => {
    const { engine, store } = context.service.internals
    let innerRan = false
    expect(() => runUnit(engine, engine.now(), () => {
      insert(1)
      runUnit(engine, engine.now(), () => {
        innerRan = true
        insert(2)
      })
    })).toThrow(NestedUnitError)
    expect(innerRan).toBe(false)
    expect(probes()).toEqual([])
    expect(store.db.inTransaction).toBe(false)
    // The engine goes on: the next unit alone commits.
    runUnit(engine, engine.now(), () => insert(3))
    expect(probes()).toEqual([3])
  })

  it('service.call inside a unit throws a clear programming error instead of answering from a savepoint', () => {
    const { engine } = context.service.internals
    let thrown: unknown
    runUnit(engine, engine.now(), () => {
      insert(1)
      try {
        context.service.call('accounts.list', {}, { bearer: TEST_KEY })
      } catch (error) {
        thrown = error
      }
    })
    expect(thrown).toBeInstanceOf(NestedUnitError)
    expect((thrown as Error).message).toMatch(/programming error.*inside another unit/)
    expect(probes()).toEqual([1])
    // Outside a unit the same call answers as always.
    expect(context.service.call('accounts.list', {}, { bearer: TEST_KEY }).status).toBe(200)
  })
})
