import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { chargeBody, consoleAuth, errorOf } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const consoleCall = (method: string, path: string, body?: unknown, environment: 'test' | 'live' = 'test') =>
  server.request(method, path, { headers: consoleAuth(environment), body })
const audit = async (query = '') => {
  const response = await consoleCall('GET', `/console/audit${query}`)
  expect(response.status).toBe(200)
  return response.body.data as { items: { id: number; at: number; environment: string; action: string; label: string; target: string | null; requestId: string }[]; nextBefore: number | null; actions: string[] }
}

describe('the audit log', () => {
  it('records every console action that changed something, with time, environment, action, target and request id', async () => {
    const created = await consoleCall('POST', '/console/keys', { label: 'audit me' })
    expect(created.status).toBe(201)
    const keyId = created.body.data.id as string
    const revoked = await consoleCall('POST', `/console/keys/${keyId}/revoke`)
    const endpoint = await consoleCall('PUT', '/console/webhooks/endpoint', { defaultUrl: 'http://127.0.0.1:9/hook' })
    const rotated = await consoleCall('POST', '/console/webhooks/secret/rotate', {})
    const mode = await consoleCall('PUT', '/console/simulator', { mode: 'fast', paused: false, settlementDelayMs: null })
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ forceStatus: 'success' }) })
    const chargeId = charge.body.data.transactionId as string
    server.clock.advance(3_001)
    await server.service.tick()
    const event = (await consoleCall('GET', `/console/webhooks/events?transactionId=${chargeId}`)).body.data.items[0]
    const resent = await consoleCall('POST', `/console/webhooks/events/${event.id}/resend`)
    const reversal = await consoleCall('POST', '/v1/mobile/reverse', { transactionId: chargeId, narration: 'Refund from the console' })
    expect(reversal.status).toBe(202)
    const clock = await consoleCall('POST', '/console/simulator/advance', { ms: 60_000 })
    for (const response of [revoked, endpoint, rotated, mode, resent, clock]) expect(response.status).toBeLessThan(300)

    const { items } = await audit('?environment=test')
    const expected = [
      ['console.simulator.advance', 'Simulated clock advanced', null, clock],
      ['mobile.reverse', 'Reversal requested', reversal.body.data.transactionId, reversal],
      ['console.webhooks.events.resend', 'Webhook resent', event.id, resent],
      ['console.simulator.update', 'Simulator settings changed', null, mode],
      ['console.webhooks.secret.rotate', 'Webhook secret rotated', null, rotated],
      ['console.webhooks.endpoint.update', 'Webhook endpoint set', null, endpoint],
      ['console.keys.revoke', 'API key revoked', keyId, revoked],
      ['console.keys.create', 'API key created', keyId, created],
    ] as const
    expect(items.slice(0, expected.length).map((e) => [e.action, e.label, e.target, e.requestId])).toEqual(
      expected.map(([action, label, target, response]) => [action, label, target, response.headers.get('x-request-id')]),
    )
    // Stamped with the simulated time the action was taken (before this one moved the clock on).
    expect(items[0]).toMatchObject({ environment: 'test', at: server.clock.now() })
    // The charge was made with an API key and the reads were GETs: neither is a console action.
    expect(items.some((e) => e.action === 'mobile.charge' || e.action.endsWith('.list') || e.action.endsWith('.get'))).toBe(false)
  })

  it('does not record refused or failed actions', async () => {
    const before = (await audit()).items.length
    expect((await consoleCall('POST', '/console/keys/key_missing/revoke')).status).toBe(404)
    expect((await consoleCall('PUT', '/console/simulator', { mode: 'warp' })).status).toBe(400)
    expect((await audit()).items.length).toBe(before)
  })

  it('keeps every entry through a sandbox reset, and records the reset itself', async () => {
    const before = (await audit()).items
    const reset = await consoleCall('POST', '/console/simulator/reset')
    expect(reset.status).toBe(200)
    const after = (await audit()).items
    expect(after.slice(1)).toEqual(before)
    expect(after[0]).toMatchObject({ action: 'console.simulator.reset', label: 'Sandbox reset', requestId: reset.headers.get('x-request-id') })
  })

  it('is append-only: SQLite itself refuses UPDATE and DELETE', () => {
    const { db } = server.service.internals.store
    expect(() => db.prepare("UPDATE audit_log SET action = 'forged'").run()).toThrow(/append-only/)
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/)
    expect(() => db.exec('DELETE FROM audit_log WHERE id = 1')).toThrow(/append-only/)
  })

  it('filters by environment, action and target, and pages with before', async () => {
    await consoleCall('PUT', '/console/simulator', { mode: 'fast', paused: false, settlementDelayMs: null }, 'live')
    const live = await audit('?environment=live')
    expect(live.items.map((e) => e.action)).toEqual(['console.simulator.update'])
    const updates = await audit('?action=console.simulator.update')
    expect(updates.items.map((e) => e.environment)).toEqual(['live', 'test'])
    const first = (await audit('?action=console.keys.create')).items[0]!
    expect((await audit(`?target=${first.target}`)).items.map((e) => e.action)).toEqual(['console.keys.revoke', 'console.keys.create'])
    const page = await audit('?limit=2')
    expect(page.items).toHaveLength(2)
    const next = await audit(`?limit=2&before=${page.nextBefore}`)
    expect(next.items[0]!.id).toBeLessThan(page.items[1]!.id)
    expect(page.actions).toContain('console.simulator.reset')
    const bad = await consoleCall('GET', '/console/audit?limit=0')
    expect(errorOf(bad.body).param).toBe('limit')
    expect((await server.request('GET', '/console/audit')).status).toBe(403)
  })
})
