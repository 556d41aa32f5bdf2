import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN } from '../support/harness'
import { PROVIDER_KEY, startUpstreamPair, type UpstreamPair } from '../support/upstream-pair'
import { chargeBody } from './helpers'

/**
 * Targeted gets: a mirrored row that is not final and older than the re-scanned days is read by id each
 * cycle (oldest first, at most 50 a cycle), so a charge that fails upstream days after it was created is seen
 * although no list of the cycle covers its creation day any more.
 */
let pair: UpstreamPair
const DAY = 86_400_000
const PENDING = 52
const asProvider = { authorization: `Bearer ${PROVIDER_KEY}` }
const providerConsole = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' }

beforeAll(async () => {
  pair = await startUpstreamPair()
})
afterAll(async () => {
  await pair?.close()
})

const mirrored = async (id: string) => (await pair.paydesk.request('GET', `/v1/transaction?transactionId=${id}`)).body.data

describe('targeted gets of rows not final yet', () => {
  it('sees charges finalized upstream outside the re-scanned days within two polls, at most 50 gets a cycle', async () => {
    // The provider's charges wait for the customer's answer (interactive, paused: no prompt times out).
    const sim = await pair.provider.request('PUT', '/console/simulator', { headers: providerConsole, body: { mode: 'interactive', paused: true } })
    expect(sim.status, JSON.stringify(sim.body)).toBe(200)
    const ids: string[] = []
    for (let i = 0; i < PENDING; i++) {
      const charge = await pair.provider.request('POST', '/v1/mobile/charge', { headers: asProvider, body: chargeBody() })
      expect(charge.status, JSON.stringify(charge.body)).toBe(202)
      ids.push(charge.body.data.transactionId)
      await pair.advance(1000)
    }
    await pair.advance(180_000)
    expect(await pair.sync()).toMatchObject({ status: 'done' })
    const last = ids[PENDING - 1]!
    expect(await mirrored(last)).toMatchObject({ status: 'pending' })

    // Five days on, the charges' day is past the lookback (3 days); this cycle's deep scan still finds them pending.
    await pair.advance(5 * DAY)
    expect(await pair.sync()).toMatchObject({ status: 'done' })
    // Then the provider lets every prompt time out: each charge fails (1037) days after it was created.
    expect((await pair.provider.request('PUT', '/console/simulator', { headers: providerConsole, body: { paused: false } })).status).toBe(200)
    await pair.advance(60_000)
    const upstream = await pair.provider.request('GET', `/v1/transaction?transactionId=${last}`, { headers: asProvider })
    expect(upstream.body.data.status).toBe('failed')

    // Each poll: the balances, today's window and 3 days back (4 lists), and the targeted gets, 50 at most.
    // The cycle before read the oldest 50 (all pending then): this one goes on with the newest two, then
    // from the oldest again; the two it could not reach come first in the next.
    expect(await pair.sync()).toMatchObject({ status: 'done', requests: 1 + 4 + 50 })
    expect(await mirrored(last)).toMatchObject({ status: 'failed' })
    expect(await mirrored(ids[0]!)).toMatchObject({ status: 'failed' })
    expect(await mirrored(ids[49]!)).toMatchObject({ status: 'pending' })
    expect(await pair.sync()).toMatchObject({ status: 'done', requests: 1 + 4 + (PENDING - 50) })
    for (const id of ids) expect(await mirrored(id)).toMatchObject({ status: 'failed' })
    // Final rows are read no more, and each change is in the feed once.
    expect(await pair.sync()).toMatchObject({ status: 'done', requests: 1 + 4 })
    const changes = (await pair.console('GET', '/console/upstream/changes?limit=500')).body.data.items
    const statusChanges = changes.filter((c: { field: string }) => c.field === 'status')
    expect(statusChanges).toHaveLength(PENDING)
    expect(statusChanges.find((c: { transactionId: string }) => c.transactionId === last)).toMatchObject({ from: 'pending', to: 'failed' })
  })
})
