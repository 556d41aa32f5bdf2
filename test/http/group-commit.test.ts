import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PushEvent } from '../../shared/api/push-events'
import { startTestServer, testService, TEST_KEY, type TestServer, type TestService } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'

/**
 * Group commit (docs/contributing.md "Rules the engine keeps"): calls submitted in one event-loop turn run
 * in one SQLite transaction, each in its SAVEPOINT. Failures are made real inside SQLite, no hook in the
 * engine: a trigger that aborts one charge's INSERT (a unit fails), and a deferred foreign key that only
 * COMMIT checks (the batch's COMMIT fails).
 */

/** A unit that fails: the INSERT of this merchant reference aborts (a bug-like error, answered 500). */
function poisonUnit(service: TestService, reference: string): void {
  service.internals.store.db.exec(`
    CREATE TRIGGER poison_unit BEFORE INSERT ON transactions WHEN NEW.merchant_transaction_id = '${reference}'
    BEGIN SELECT RAISE(ABORT, 'poisoned unit'); END`)
}

/** A COMMIT that fails: this reference's INSERT leaves a deferred foreign-key violation that only COMMIT checks. */
function poisonCommit(service: TestService, reference: string): () => void {
  const db = service.internals.store.db
  db.exec(`
    CREATE TABLE poison_marks (transaction_id INTEGER REFERENCES transactions(id) DEFERRABLE INITIALLY DEFERRED);
    CREATE TRIGGER poison_commit AFTER INSERT ON transactions WHEN NEW.merchant_transaction_id = '${reference}'
    BEGIN INSERT INTO poison_marks VALUES (-1); END`)
  return () => db.exec('DROP TRIGGER poison_commit; DROP TABLE poison_marks')
}

const chargeInput = (reference: string, idempotencyKey?: string) => ({
  body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference },
  ...(idempotencyKey ? { idempotencyKey } : {}),
})
const bearer = { bearer: TEST_KEY }

function stored(service: TestService, reference: string): boolean {
  return service.call('transactions.get', { query: { merchantTransactionId: reference } }, bearer).status === 200
}

describe('group commit in the engine (service.submit)', () => {
  let service: TestService
  let events: PushEvent[]
  beforeEach(() => {
    service = testService().service
    events = []
    service.onEvent((event) => events.push(event))
  })
  afterEach(() => service.close())

  it('runs the calls of one turn together, answering none of them before the batch has run and committed', async () => {
    const answered: string[] = []
    const pending = ['gc-a', 'gc-b', 'gc-c'].map((reference) =>
      service.submit('mobile.charge', chargeInput(reference), bearer).then((response) => {
        answered.push(reference)
        return response
      }))
    await Promise.resolve()
    // Still this turn: nothing ran, nothing is answered, nothing announced.
    expect(answered).toEqual([])
    expect(events).toEqual([])
    // Read SQLite directly (service.call would first run the queued units: arrival order).
    const rows = () => service.internals.store.db.prepare("SELECT COUNT(*) AS n FROM transactions WHERE merchant_transaction_id LIKE 'gc-_'").get() as { n: number }
    expect(rows().n).toBe(0)
    const responses = await Promise.all(pending)
    expect(responses.map((r) => r.status)).toEqual([202, 202, 202])
    expect(answered).toEqual(['gc-a', 'gc-b', 'gc-c'])
    expect(rows().n).toBe(3)
    expect(events.filter((e) => e.type === 'transaction.changed')).toHaveLength(3)
    for (const reference of ['gc-a', 'gc-b', 'gc-c']) expect(stored(service, reference)).toBe(true)
  })

  it('rolls back only the unit that failed: its neighbours in the same batch commit and are announced', async () => {
    poisonUnit(service, 'gc-bad')
    const responses = await Promise.all(['gc-1', 'gc-bad', 'gc-2'].map((reference) => service.submit('mobile.charge', chargeInput(reference), bearer)))
    expect(responses.map((r) => r.status)).toEqual([202, 500, 202])
    expect(stored(service, 'gc-1')).toBe(true)
    expect(stored(service, 'gc-2')).toBe(true)
    expect(stored(service, 'gc-bad')).toBe(false)
    const announced = events.filter((e) => e.type === 'transaction.changed')
    expect(announced).toHaveLength(2)
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })

  it('a simulator step that throws rolls back alone; the steps of its batch each finalize exactly once', async () => {
    const { service: sandbox, clock } = testService()
    try {
      const announced: PushEvent[] = []
      sandbox.onEvent((event) => announced.push(event))
      const references = ['gs-1', 'gs-2', 'gs-bad', 'gs-3', 'gs-4']
      for (const reference of references) expect(sandbox.call('mobile.charge', chargeInput(reference), bearer).status).toBe(202)
      // The finalization of one charge aborts inside SQLite (a bug-like error in the middle of a step).
      const db = sandbox.internals.store.db
      db.exec(`CREATE TRIGGER poison_step BEFORE UPDATE OF status ON transactions WHEN NEW.merchant_transaction_id = 'gs-bad'
        BEGIN SELECT RAISE(ABORT, 'poisoned step'); END`)
      announced.length = 0
      clock.advance(4_000)
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      try {
        await sandbox.tick()
      } finally {
        logged.mockRestore()
      }
      const status = (reference: string) => (db.prepare('SELECT status FROM transactions WHERE merchant_transaction_id = ?').get(reference) as { status: string }).status
      expect(status('gs-bad')).toBe('pending')
      const finalized = references.filter((reference) => reference !== 'gs-bad')
      for (const reference of finalized) {
        expect(status(reference)).not.toBe('pending')
        // The steps before the failing one ran twice (their first run was rolled back with it): nothing twice in SQLite.
        const timeline = db.prepare(`SELECT status FROM transaction_events WHERE transaction_id =
          (SELECT id FROM transactions WHERE merchant_transaction_id = ?) ORDER BY id`).all(reference) as { status: string }[]
        expect(timeline.map((entry) => entry.status)).toEqual(['pending', status(reference)])
        const webhookEvents = db.prepare(`SELECT COUNT(*) AS n FROM webhook_events WHERE transaction_id =
          (SELECT id FROM transactions WHERE merchant_transaction_id = ?)`).get(reference) as { n: number }
        expect(webhookEvents.n).toBe(1)
      }
      expect(announced.filter((e) => e.type === 'transaction.changed')).toHaveLength(finalized.length)
      expect(ledgerViolations(sandbox.internals.store)).toEqual([])
      // Healed, the step that failed finalizes on the next tick.
      db.exec('DROP TRIGGER poison_step')
      await sandbox.tick()
      expect(status('gs-bad')).not.toBe('pending')
      expect(ledgerViolations(sandbox.internals.store)).toEqual([])
    } finally {
      sandbox.close()
    }
  })

  it('fails every unit of a batch whose COMMIT fails: none stored, none announced, none answered as a success', async () => {
    const heal = poisonCommit(service, 'gc-commit')
    const responses = await Promise.all(
      ['gc-x', 'gc-commit', 'gc-y'].map((reference, i) => service.submit('mobile.charge', chargeInput(reference, `gc-key-${i}`), bearer)),
    )
    expect(responses.map((r) => r.status)).toEqual([500, 500, 500])
    for (const response of responses) expect(JSON.stringify(response.body)).toContain('internal')
    expect(events).toEqual([])
    heal()
    for (const reference of ['gc-x', 'gc-commit', 'gc-y']) expect(stored(service, reference)).toBe(false)
    // The Idempotency-Keys were never stored either: a retry runs afresh instead of replaying a 500.
    const retry = await service.submit('mobile.charge', chargeInput('gc-x', 'gc-key-0'), bearer)
    expect(retry.status).toBe(202)
    expect(retry.headers['Idempotent-Replayed']).toBeUndefined()
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })
})

describe('group commit over HTTP', () => {
  let server: TestServer
  beforeEach(async () => {
    server = await startTestServer()
  })
  afterEach(() => server.close())

  it('never answers 202 for a charge whose COMMIT failed: the answer waits for the COMMIT', async () => {
    const heal = poisonCommit(server.service, 'gc-http-commit')
    const events: PushEvent[] = []
    server.service.onEvent((event) => events.push(event))
    const refused = await server.request('POST', '/v1/mobile/charge', { body: chargeInput('gc-http-commit').body })
    expect(refused.status).toBe(500)
    expect(refused.body.error.code).toBe('internal_error')
    expect(events).toEqual([])
    heal()
    const lookup = await server.request('GET', '/v1/transaction?merchantTransactionId=gc-http-commit')
    expect(lookup.status).toBe(404)
  })

  it('answers concurrent requests each on its own: one failing request leaves the others committed', async () => {
    poisonUnit(server.service, 'gc-http-bad')
    const references = Array.from({ length: 12 }, (_, i) => (i === 5 ? 'gc-http-bad' : `gc-http-${i}`))
    const responses = await Promise.all(references.map((reference) => server.request('POST', '/v1/mobile/charge', { body: chargeInput(reference).body })))
    expect(responses.map((r) => r.status)).toEqual(references.map((reference) => (reference === 'gc-http-bad' ? 500 : 202)))
    for (const reference of references) {
      const lookup = await server.request('GET', `/v1/transaction?merchantTransactionId=${reference}`)
      expect(lookup.status).toBe(reference === 'gc-http-bad' ? 404 : 200)
    }
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })
})
