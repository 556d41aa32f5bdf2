import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ref, startTestServer, type TestServer } from '../support/harness'
import { consoleAuth } from './helpers'

/** A finished bulk payout tells the console once (batch_finished), after the COMMIT that finished it. */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const auth = consoleAuth()
const notifications = async () => (await server.request('GET', '/console/notifications?limit=50', { headers: auth })).body.data.items as { kind: string; title: string; body: string; link: string }[]

describe('batch_finished', () => {
  it('is raised once when the last row of a batch is final, naming the batch and its failures', async () => {
    // 0700000002 fails in the simulator (a magic phone); the other row is paid.
    const csv = `phoneNumber,amount,reference\n0712345678,100,${ref('ok')}\n0700000002,100,${ref('bad')}\n`
    const created = await server.request('POST', '/console/payout-batches', { headers: auth, body: { name: 'Agents week 48', csv } })
    expect(created.status).toBe(201)
    const id = created.body.data.id as string
    expect((await server.request('POST', `/console/payout-batches/${id}/submit`, { headers: auth, body: {} })).status).toBeLessThan(300)
    let batch: { status: string } = { status: 'running' }
    for (let i = 0; i < 20 && !batch.status.startsWith('completed'); i++) {
      await server.service.tick()
      batch = (await server.request('GET', `/console/payout-batches/${id}`, { headers: auth })).body.data
      server.clock.advance(2_000)
    }
    expect(batch.status).toBe('completed_with_failures')
    // The notification is written as side work of the batch after the one that finished the run.
    await server.service.tick()
    await server.service.tick()
    const raised = (await notifications()).filter((n) => n.kind === 'batch_finished')
    expect(raised).toEqual([expect.objectContaining({
      title: 'Bulk payout "Agents week 48" finished with failures', body: '1 row paid, 1 row failed.', link: `/payouts/bulk/${id}`,
    })])
    await server.service.tick()
    expect((await notifications()).filter((n) => n.kind === 'batch_finished')).toHaveLength(1)
  })
})
