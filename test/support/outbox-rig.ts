import { createProviderClient } from '../../electron/service/upstream/client'
import { enqueueUpstream, type OutboxRoute } from '../../electron/service/upstream/outbox/enqueue'
import { createOutboxSender, type OutboxSenderOptions } from '../../electron/service/upstream/outbox/sender'
import { runUnit } from '../../electron/service/core/unit'
import type { OutboxRecord } from '../../electron/service/db/upstream-outbox-repo'
import { ALL_TIME } from '../http/helpers'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { CONSOLE_TOKEN, TEST_KEY, startTestServer, testService, type TestServer } from './harness'

/**
 * A downstream Paydesk whose outbox sends through the provider client to a second Paydesk (the provider),
 * on virtual time: every wait of the client, the pacer and the sender moves a shared clock and the
 * provider's simulated clock together, so graces, Retry-After, outages and breakers pass at once. The
 * outbox belongs to the downstream's demo organization.
 */

export function virtualTime(provider: TestServer, start = Date.UTC(2026, 10, 21, 9)) {
  let t = start
  return {
    now: () => t,
    async sleep(ms: number): Promise<void> {
      const step = Math.max(0, Math.ceil(ms))
      t += step
      provider.clock.advance(step)
      await new Promise((resolve) => setImmediate(resolve))
    },
  }
}

export interface RigOptions {
  ratePerMinute?: number
  timeoutMs?: number
  key?: string
  /** Every status the provider answered, in order (the client's request log feed). */
  statuses?: number[]
  sender?: Partial<OutboxSenderOptions>
}

export function outboxRig(provider: TestServer, options: RigOptions = {}) {
  const { service } = testService()
  const organizationId = (service.internals.store.db.prepare('SELECT id FROM organizations ORDER BY rowid LIMIT 1').get() as { id: string }).id
  const time = virtualTime(provider)
  const timeoutMs = options.timeoutMs ?? 2_000
  const client = createProviderClient({
    url: provider.url, key: options.key ?? TEST_KEY, ratePerMinute: options.ratePerMinute ?? 60_000, timeoutMs, now: time.now, sleep: time.sleep,
    scope: { organizationId, environment: 'test' }, record: (exchange) => options.statuses?.push(exchange.status),
  })
  const runner = service.internals.engine
  const scope = { organizationId, environment: 'test' as const }
  const makeSender = () => createOutboxSender({ runner, scope, provider: client, now: time.now, graceMs: timeoutMs + 5_000, ...options.sender })
  const rig = {
    service, time, client, scope, sender: makeSender(), makeSender,
    enqueue(route: OutboxRoute, body: Record<string, unknown>): OutboxRecord {
      return runUnit(runner, time.now(), (unit) => enqueueUpstream(unit, scope, route, body, time.now()))
    },
    rows: (): OutboxRecord[] => runner.store.upstreamOutbox.list(scope.organizationId, scope.environment, null, 100_000),
    /** Pumps and waits (virtually) for what is due next, until nothing waits or `rounds` run out; answers whether it settled. */
    async settle(rounds = 2_000): Promise<boolean> {
      for (let round = 0; round < rounds; round++) {
        await rig.sender.pump()
        const next = rig.sender.nextDueAt()
        if (next === null) return true
        await time.sleep(Math.max(1, next - time.now()))
      }
      return false
    },
    close() {
      client.close()
      service.close()
    },
  }
  return rig
}

/** Runs `use` with a fresh rig, and closes the rig whatever `use` does. */
export async function withOutboxRig<T>(provider: TestServer, options: RigOptions, use: (rig: ReturnType<typeof outboxRig>) => Promise<T>): Promise<T> {
  const rig = outboxRig(provider, options)
  try {
    return await use(rig)
  } finally {
    rig.close()
  }
}

/** How many transactions the provider holds for each merchantTransactionId (counted at the provider). */
export async function providerCounts(provider: TestServer): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  for (const environment of ['test']) {
    const response = await provider.request('GET', `/v1/transactions?${ALL_TIME}&limit=10000`)
    if (response.status !== 200) throw new Error(`provider list answered ${response.status} (${environment})`)
    for (const item of response.body.data.items as { merchantTransactionId: string | null }[]) {
      if (item.merchantTransactionId) counts.set(item.merchantTransactionId, (counts.get(item.merchantTransactionId) ?? 0) + 1)
    }
  }
  return counts
}

export async function setProviderFaults(provider: TestServer, scope: string, faults: Record<string, unknown>): Promise<void> {
  const response = await provider.request('PUT', '/console/faults/api', { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` }, body: { scope, faults } })
  if (response.status !== 200) throw new Error(`faults refused: ${JSON.stringify(response.body)}`)
}

export async function clearProviderFaults(provider: TestServer): Promise<void> {
  await provider.request('POST', '/console/faults/clear', { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` } })
}

/**
 * A second Paydesk as the provider for one test file: started before its tests, its fault lab cleared after
 * each, closed at the end. Call once at the top of the file; the function answers the running provider.
 */
export function faultLabProvider(): () => TestServer {
  let provider: TestServer | undefined
  beforeAll(async () => {
    provider = await startTestServer()
  })
  afterEach(async () => {
    if (provider) await clearProviderFaults(provider)
  })
  afterAll(async () => {
    await provider?.close()
  })
  return () => {
    if (!provider) throw new Error('the provider starts in beforeAll: ask for it inside a test')
    return provider
  }
}
