import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedHistory } from '../../electron/service/seed/history'
import { CONSOLE_TOKEN, fakeClock, startTestServer, type TestServer } from '../support/harness'
import { PROVIDER_KEY } from '../support/upstream-pair'

/**
 * A UTC day with more than 10,000 transactions at the provider: its list answers a full page (cut), and
 * the mirror reads the rest by cutting the window again at the oldest row it got. Every row is mirrored once.
 */
const clock = fakeClock(Date.UTC(2026, 10, 21, 23, 50))
let provider: TestServer
let paydesk: TestServer
const consoleHeaders = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' }

beforeAll(async () => {
  provider = await startTestServer({ apiKey: PROVIDER_KEY, now: clock.now })
  seedHistory(provider.service.internals.store, { count: 10_400, organizationId: provider.service.startup.demoOrganizationId, now: clock.now(), days: 1 })
  paydesk = await startTestServer({
    now: clock.now,
    upstream: { url: provider.url, key: PROVIDER_KEY, mode: 'read', pollSeconds: 60, lookbackDays: 1, ratePerMinute: 6000, timeoutMs: 30_000 },
  })
})
afterAll(async () => {
  await paydesk?.close()
  await provider?.close()
})

async function consoleCall(method: string, path: string, body?: unknown) {
  return paydesk.request(method, path, { headers: consoleHeaders, body })
}

describe('a day of more than 10,000 provider transactions', () => {
  it('is split and mirrored whole, with a diff of zero', async () => {
    const today = '2026-11-21'
    const full = await provider.request('GET', `/v1/transactions?startDate=${today}&endDate=${today}`, { headers: { authorization: `Bearer ${PROVIDER_KEY}` } })
    expect(full.body.data.count).toBe(10_000)
    const started = await consoleCall('POST', '/console/upstream/sync', {})
    let job
    do {
      await new Promise((resolve) => setTimeout(resolve, 20))
      job = (await consoleCall('GET', `/console/upstream/sync/${started.body.data.jobId}`)).body.data
    } while (job.status === 'queued' || job.status === 'running')
    expect(job).toMatchObject({ status: 'done', error: null })
    const diff = await consoleCall('GET', `/console/upstream/diff?from=${today}&to=${today}`)
    expect(diff.body.data.mismatches).toEqual([])
    expect(diff.body.data.local.count).toBeGreaterThan(10_000)
    expect(diff.body.data.local).toEqual(diff.body.data.upstream)
  })
})
