import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, TEST_KEY, testService } from '../support/harness'
import { acknowledgingTransport, reference, serviceDriver } from '../support/simulator-driver'
import { ANSWER_REACTIONS, QUIET_MS } from '../../electron/service/simulator'

let close: (() => void) | undefined
afterEach(() => close?.())

function sandbox(tickBudgetMs?: number, tickSliceMs?: number, charges = 5) {
  const { service, clock } = testService({ webhookTransport: acknowledgingTransport, tickBudgetMs, tickSliceMs })
  close = () => service.close()
  const drive = serviceDriver(() => service)
  const ids = Array.from({ length: charges }, () =>
    drive.ok(drive.api('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference('budget') } })).transactionId)
  clock.advance(3_000)
  const completed = () => ids.filter((id) => drive.transaction(id).status !== 'pending').length
  return { service, completed, ids }
}

describe('the simulator tick budget (hosts keep the event loop free under a backlog)', () => {
  it('without a budget, one tick finalizes everything due', async () => {
    const { service, completed } = sandbox()
    await service.tick()
    expect(completed()).toBe(5)
  })

  it('with a budget, a tick stops early but always makes progress, and later ticks finish the rest', async () => {
    const { service, completed } = sandbox(0)
    await service.tick()
    expect(completed()).toBe(1)
    for (let i = 0; i < 4; i++) await service.tick()
    expect(completed()).toBe(5)
  })

  it('with slices, the budget is spent in steps with the event loop free between them, and closing stops them', async () => {
    // A budget no test reaches, slices of 0 ms: every slice does one step, then yields to I/O.
    const { service, completed } = sandbox(60_000, 0)
    const seenBetween: number[] = []
    let tickRunning = true
    const watch = () => {
      if (!tickRunning) return // the tick resolved (and the service may be closed): stop looking
      seenBetween.push(completed())
      if (completed() < 5) setImmediate(watch)
    }
    setImmediate(watch)
    await service.tick()
    tickRunning = false
    expect(completed()).toBe(5)
    expect(seenBetween.some((n) => n > 0 && n < 5)).toBe(true)
    service.close()

    const next = sandbox(60_000, 0)
    const ticking = next.service.tick()
    setImmediate(() => next.service.close())
    await expect(ticking).resolves.toBeUndefined()
  })

  /** No API call for longer than QUIET_MS (the sandbox's charges were calls). */
  const quiet = () => new Promise((resume) => setTimeout(resume, QUIET_MS + 5))

  it('with no call coming in for QUIET_MS, a sliced tick works past its allowance through the whole backlog', async () => {
    // No allowance at all, slices of 0 ms (one step each): only overtime can finish more than one. 300 is
    // more than one look for due work returns (256), so the tick also looks again.
    const { service, completed, ids } = sandbox(0, 0, 300)
    await quiet()
    await service.tick()
    expect(completed()).toBe(ids.length)
  })

  it('a call coming in ends the overtime: the rest waits for later ticks', async () => {
    const { service, completed } = sandbox(0, 0)
    await quiet() // overtime would go on without the call below
    let calls = 0
    service.onEvent((event) => {
      if (event.type !== 'transaction.changed' || event.status === 'pending' || calls > 0) return
      calls++
      // As a request read from a socket during the slice: it reaches the service in the yield after it.
      setImmediate(() => void service.submit('accounts.list', {}, { bearer: TEST_KEY }))
    })
    await service.tick()
    expect(calls).toBe(1)
    expect(completed()).toBe(1)
    await quiet()
    await service.tick()
    expect(completed()).toBe(5)
  })

  it('an HTTP request read while a slice ran is answered before the next slice (ANSWER_REACTIONS is enough)', async () => {
    expect(ANSWER_REACTIONS).toBeGreaterThan(0)
    // Slices of 0 ms: one finalization each, with a turn of the event loop between two; enough of them
    // that the request below is read while the tick is still slicing.
    const server = await startTestServer({ webhookTransport: acknowledgingTransport, tickBudgetMs: 60_000, tickSliceMs: 0 })
    try {
      const ids: string[] = []
      for (let i = 0; i < 40; i++) {
        const accepted = await server.request('POST', '/v1/mobile/charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference('http-slice') } })
        ids.push(accepted.body.data.transactionId)
      }
      server.clock.advance(3_000)
      const looked = ids[ids.length - 1]!
      let finalized = 0
      // The finalizations done when the server read the request, and when it wrote the answer (res.end,
      // which hands the bytes to the socket at once). Written after the next slice, the two would differ.
      const seen: { read?: number; answered?: number } = {}
      server.http.server.prependListener('request', (req, res) => {
        if (!req.url?.includes(looked)) return
        seen.read = finalized
        const end = res.end.bind(res) as (...args: unknown[]) => typeof res
        res.end = ((...args: unknown[]) => {
          seen.answered = finalized
          return end(...args)
        }) as typeof res.end
      })
      let asked: Promise<{ status: number }> | undefined
      server.service.onEvent((event) => {
        if (event.type !== 'transaction.changed' || event.status === 'pending') return
        finalized++
        if (finalized === 1) asked = server.request('GET', `/v1/transactions/${looked}`)
      })
      await server.service.tick()
      expect((await asked!).status).toBe(200)
      expect(seen.read).toBeGreaterThanOrEqual(1)
      expect(seen.read).toBeLessThan(ids.length)
      expect(seen.answered).toBe(seen.read)
    } finally {
      await server.close()
    }
  })

  it('a request that comes in while a slice runs is answered before the next slice', async () => {
    // Slices of 0 ms: one finalization each. The request is submitted as the HTTP adapter does, after the
    // first slice was under way (from a callback that runs after the slice's resume was queued, as a
    // request read from a socket during the slice is): it must not wait for the second slice.
    const { service, ids } = sandbox(60_000, 0)
    let finalized = 0
    let answeredAfter: number | undefined
    service.onEvent((event) => {
      if (event.type !== 'transaction.changed' || event.status === 'pending') return
      finalized++
      if (finalized !== 1) return
      setImmediate(() => {
        void service.submit('transactions.get', { query: { transactionId: ids[4]! } }, { bearer: TEST_KEY }).then((response) => {
          expect(response.status).toBe(200)
          answeredAfter = finalized
        })
      })
    })
    await service.tick()
    expect(finalized).toBe(5)
    expect(answeredAfter).toBe(1)
  })
})
