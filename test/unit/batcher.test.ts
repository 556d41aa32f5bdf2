import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PushEvent } from '../../shared/api/push-events'
import { createBatcher, MAX_UNITS_PER_BATCH, selfContained, type Batcher } from '../../electron/service/core/batcher'
import { openDatabase } from '../../electron/service/db/connection'
import { createStore, type Store } from '../../electron/service/db/store'

const event = (n: number): PushEvent => ({ type: 'requests.logged', environment: n % 2 === 0 ? 'test' : 'live' })

describe('batcher (group commit)', () => {
  let store: Store
  let published: PushEvent[]
  let batcher: Batcher
  const rows = () => store.db.prepare('SELECT n FROM units ORDER BY n').all().map((row) => (row as { n: number }).n)
  const insert = (n: number) => store.db.prepare('INSERT INTO units (n) VALUES (?)').run(n)
  beforeEach(() => {
    store = createStore(openDatabase(':memory:'))
    store.db.exec('CREATE TABLE units (n INTEGER NOT NULL)')
    published = []
    batcher = createBatcher(store, (events) => published.push(...events))
  })
  afterEach(() => store.db.close())

  it('runs units in order in one transaction; a unit that throws rolls back alone and its events are dropped', () => {
    const outcomes = batcher.runBatch([1, 2, 3].map((n) => (queued: PushEvent[]) => {
      insert(n)
      queued.push(event(n))
      if (n === 2) throw new Error('unit 2 fails')
      return n * 10
    }))
    expect(outcomes.map((o) => (o.ok ? o.value : 'failed'))).toEqual([10, 'failed', 30])
    expect(rows()).toEqual([1, 3])
    expect(published).toEqual([event(1), event(3)])
    expect(store.db.inTransaction).toBe(false)
  })

  it('grouped (simulator steps): a unit that throws rolls back alone; the units before it in its group run once more, the rest once', () => {
    const runs = new Map<number, number>()
    const outcomes = batcher.runBatch([1, 2, 3, 4, 5].map((n) => (queued: PushEvent[]) => {
      runs.set(n, (runs.get(n) ?? 0) + 1)
      insert(n)
      queued.push(event(n))
      if (n === 3) throw new Error('unit 3 fails')
      return n * 10
    }), () => true, true)
    expect(outcomes.map((o) => (o.ok ? o.value : 'failed'))).toEqual([10, 20, 'failed', 40, 50])
    // 1 and 2 ran in one group with 3, which threw: the group rolled back and they ran again, each alone.
    // 3 is not run again (its error is its outcome); 4 and 5 started a new group.
    expect([...runs]).toEqual([[1, 2], [2, 2], [3, 1], [4, 1], [5, 1]])
    expect(rows()).toEqual([1, 2, 4, 5])
    expect(published).toEqual([event(1), event(2), event(4), event(5)])
    expect(store.db.inTransaction).toBe(false)
  })

  it('grouped: the first unit of a group that throws is not run again, and `more` still ends the batch', () => {
    const runs: number[] = []
    let ran = 0
    const outcomes = batcher.runBatch([1, 2, 3, 4].map((n) => () => {
      runs.push(n)
      ran++
      insert(n)
      if (n === 1) throw new Error('unit 1 fails')
    }), () => ran < 3, true)
    expect(outcomes.map((o) => o.ok)).toEqual([false, true, true])
    expect(runs).toEqual([1, 2, 3])
    expect(rows()).toEqual([2, 3])
  })

  it('selfContained units run with no savepoint around them and commit with their neighbours', () => {
    const outcomes = batcher.runBatch([1, 2, 3].map((n) => selfContained((queued: PushEvent[]) => {
      insert(n)
      queued.push(event(n))
      // A savepoint of its own (the dispatcher's operation) still rolls back alone inside the unit.
      try {
        store.transaction(() => {
          insert(n * 100)
          throw new Error('the operation fails')
        })
      } catch {
        // answered as an error, as the dispatcher does
      }
      return n
    })))
    expect(outcomes.map((o) => (o.ok ? o.value : 'failed'))).toEqual([1, 2, 3])
    expect(rows()).toEqual([1, 2, 3])
    expect(published).toEqual([event(1), event(2), event(3)])
  })

  it('a selfContained unit that throws after all fails the whole batch: no half-done unit is committed', async () => {
    const before = batcher.runBatch([
      (queued: PushEvent[]) => { insert(1); queued.push(event(1)) },
      selfContained((queued: PushEvent[]) => {
        insert(2)
        queued.push(event(2))
        throw new Error('a bug')
      }),
      () => insert(3),
    ])
    // The unit before it failed with the batch; it and those after have no outcome (submit rejects them).
    expect(before.map((o) => o.ok)).toEqual([false])
    expect(rows()).toEqual([])
    expect(published).toEqual([])
    expect(store.db.inTransaction).toBe(false)
    // Through submit, every unit of that batch is rejected, those before and after it too.
    const results = await Promise.allSettled([
      batcher.submit(() => insert(4)),
      batcher.submit(selfContained(() => { insert(5); throw new Error('a bug') })),
      batcher.submit(() => insert(6)),
    ])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(rows()).toEqual([])
  })

  it('stops after the unit for which `more` says no; the rest are not run', () => {
    let run = 0
    const outcomes = batcher.runBatch([1, 2, 3, 4].map((n) => () => { insert(n); run++ }), () => run < 2)
    expect(outcomes).toHaveLength(2)
    expect(rows()).toEqual([1, 2])
  })

  it('submit: resolves after the batch of this turn ran; at the size bound the batch runs at once', async () => {
    const first = batcher.submit(() => insert(1))
    expect(rows()).toEqual([])
    await first
    expect(rows()).toEqual([1])
    const many = Array.from({ length: MAX_UNITS_PER_BATCH }, (_, i) => batcher.submit(() => insert(100 + i)))
    // The 64th submit ran the batch synchronously, before this turn ended.
    expect(rows()).toHaveLength(1 + MAX_UNITS_PER_BATCH)
    await Promise.all(many)
  })

  it('a failed COMMIT rejects every unit of the batch and publishes nothing', async () => {
    store.db.exec('CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)')
    store.db.pragma('foreign_keys = ON')
    const results = await Promise.allSettled([
      batcher.submit((queued) => { insert(1); queued.push(event(1)) }),
      batcher.submit(() => store.db.prepare('INSERT INTO child VALUES (42)').run()),
      batcher.submit(() => insert(3)),
    ])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(rows()).toEqual([])
    expect(published).toEqual([])
    expect(store.db.inTransaction).toBe(false)
  })

  it('side work (beforeUnits) shares the batch\'s COMMIT, its events wait for it, and its failure fails no unit', () => {
    store.db.exec('CREATE TABLE side (n INTEGER NOT NULL)')
    let failSide = false
    const withSide = createBatcher(store, (events) => published.push(...events), {
      beforeUnits: (queued) => {
        try {
          store.transaction(() => {
            store.db.prepare('INSERT INTO side (n) VALUES (1)').run()
            if (failSide) throw new Error('side work fails')
            queued.push(event(0))
          })
        } catch {
          // as the request log does: its own failure is logged, never the units'
        }
      },
    })
    const side = () => store.db.prepare('SELECT COUNT(*) FROM side').pluck().get()
    const outcomes = withSide.runBatch([(queued: PushEvent[]) => {
      // Inside the same transaction: the side work's row is already there, uncommitted.
      expect(store.db.inTransaction).toBe(true)
      expect(side()).toBe(1)
      expect(published).toEqual([])
      insert(1)
      queued.push(event(1))
    }])
    expect(outcomes).toEqual([{ ok: true, value: undefined }])
    expect(published).toEqual([event(0), event(1)])
    failSide = true
    expect(withSide.runBatch([() => { insert(2) }])).toEqual([{ ok: true, value: undefined }])
    expect(side()).toBe(1)
    expect(rows()).toEqual([1, 2])
  })
})
