import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PushEvent } from '../../shared/api/push-events'
import { DEFAULT_NOTIFICATION_RULES } from '../../shared/schemas/notifications'
import { startTestServer, type TestServer } from '../support/harness'
import { b2cBody } from './helpers'
import { asAutomation, asSession, createUser, signIn } from './team-support'

// Notifications in a team, over real HTTP: a request held for approval raises approval_waiting once, after
// the COMMIT that recorded it, never for a unit that rolled back; every role reads the notifications of its
// organization and environment, and only roles that change settings may change the rules.

let server: TestServer
const tokens: Record<string, string> = {}
const published: PushEvent[] = []

beforeAll(async () => {
  server = await startTestServer({ team: true })
  for (const [name, role] of [['amina', 'maker'], ['bora', 'approver'], ['vera', 'viewer'], ['olivia', 'owner']] as const) {
    await createUser(server, name, role)
    tokens[name] = await signIn(server, name)
  }
  const policy = await server.request('PUT', '/console/approval-policy', {
    headers: asAutomation, body: { rules: [{ action: 'b2c', environment: 'test', minAmount: 50_000, approvals: 2 }] },
  })
  expect(policy.status).toBe(200)
  server.service.onEvent((event) => published.push(event))
})
afterAll(() => server.close())

const as = (name: string, extra: Record<string, string> = {}) => ({ ...asSession(tokens[name]!), ...extra })
const stored = () => (server.service.internals.store.db.prepare("SELECT COUNT(*) AS n FROM notifications WHERE kind = 'approval_waiting'").get() as { n: number }).n
const list = async (name: string, environment = 'test') => {
  const answer = await server.request('GET', '/console/notifications', { headers: as(name, { 'paydesk-environment': environment }) })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data as { items: { id: number; kind: string; title: string; body: string; link: string | null; read: boolean }[]; unread: number }
}
const waiting = async (name: string, environment?: string) => (await list(name, environment)).items.filter((n) => n.kind === 'approval_waiting')

describe('approval_waiting', () => {
  it('is raised once per held request, after the COMMIT that recorded it; a retry with its key raises nothing more', async () => {
    const atPublish: number[] = []
    const stop = server.service.onEvent((event) => {
      if (event.type === 'approval.changed' && event.status === 'pending') atPublish.push(stored())
    })
    const key = randomUUID()
    const body = b2cBody({ amount: 100_000 })
    const held = await server.request('POST', '/v1/mobile/b2c', { headers: as('amina', { 'idempotency-key': key }), body })
    expect(held.status, JSON.stringify(held.body)).toBe(202)
    const again = await server.request('POST', '/v1/mobile/b2c', { headers: as('amina', { 'idempotency-key': key }), body })
    expect(again.body.data.approval.id).toBe(held.body.data.approval.id)
    stop()
    // The approval's event went out when its unit committed; no notification described it yet then.
    expect(atPublish).toEqual([0])
    const raised = await waiting('bora')
    expect(raised).toEqual([{
      id: expect.any(Number), kind: 'approval_waiting', title: 'Approval waiting: B2C payout of KES 1,000.00',
      body: 'Requested by amina (maker); needs 2 approvals.', link: '/approvals', read: false, createdAt: expect.any(Number), recipientId: null,
    }])
    expect(published.filter((e) => e.type === 'notification.raised' && e.notification.kind === 'approval_waiting')).toHaveLength(1)
    // Deciding it raises no second one.
    expect((await server.request('POST', `/console/approvals/${held.body.data.approval.id}/approve`, { headers: as('bora') })).status).toBe(200)
    expect(await waiting('bora')).toHaveLength(1)
  })

  it('a held request whose unit rolled back raises nothing', async () => {
    const before = stored()
    const db = server.service.internals.store.db
    db.exec("CREATE TRIGGER poison_approval BEFORE INSERT ON approvals BEGIN SELECT RAISE(ABORT, 'poisoned'); END")
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const failed = await server.request('POST', '/v1/mobile/b2c', { headers: as('amina'), body: b2cBody({ amount: 100_000 }) })
      expect(failed.status).toBe(500)
    } finally {
      logged.mockRestore()
      db.exec('DROP TRIGGER poison_approval')
    }
    await list('vera')
    expect(stored()).toBe(before)
  })

  it('is not raised while the rule is off', async () => {
    const off = await server.request('PUT', '/console/notification-rules', { headers: as('olivia'), body: { ...DEFAULT_NOTIFICATION_RULES, approvalWaiting: { enabled: false } } })
    expect(off.status, JSON.stringify(off.body)).toBe(200)
    const before = stored()
    expect((await server.request('POST', '/v1/mobile/b2c', { headers: as('amina'), body: b2cBody({ amount: 100_000 }) })).status).toBe(202)
    await list('vera')
    expect(stored()).toBe(before)
    expect((await server.request('PUT', '/console/notification-rules', { headers: as('olivia'), body: DEFAULT_NOTIFICATION_RULES })).status).toBe(200)
  })
})

describe('notifications and their rules under roles', () => {
  it('a viewer reads the notifications of its environment and marks them read; only owners and admins change the rules', async () => {
    const mine = await waiting('vera')
    expect(mine.length).toBeGreaterThan(0)
    expect(await waiting('vera', 'live')).toEqual([])
    const read = await server.request('POST', `/console/notifications/${mine[0]!.id}/read`, { headers: as('vera') })
    expect(read.status).toBe(200)
    expect(read.body.data).toMatchObject({ id: mine[0]!.id, read: true })
    expect((await server.request('GET', '/console/notification-rules', { headers: as('vera') })).body.data).toEqual(DEFAULT_NOTIFICATION_RULES)
    expect((await server.request('GET', '/console/float-desk', { headers: as('vera') })).status).toBe(200)
    for (const name of ['vera', 'bora', 'amina']) {
      const refused = await server.request('PUT', '/console/notification-rules', { headers: as(name), body: DEFAULT_NOTIFICATION_RULES })
      expect(refused.status).toBe(403)
      expect(refused.body.error.param).toBe('settings.manage')
    }
  })
})
