import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { b2cBody } from './helpers'
import { asAutomation, asSession, createUser, signIn } from './team-support'

// The maker is told: each decision raises approval_decided for the requester alone (approved and sent,
// refused when it ran, rejected with its reason, expired), and the approvers' "approval waiting" is done.

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer({ team: true })
  for (const [name, role] of [['amina', 'maker'], ['musa', 'maker'], ['uma', 'maker'], ['bora', 'approver']] as const) {
    ids[name] = (await createUser(server, name, role)).id
    tokens[name] = await signIn(server, name)
  }
  const policy = { rules: [{ action: 'b2c', environment: 'any', minAmount: 0, approvals: 1 }] }
  expect((await server.request('PUT', '/console/approval-policy', { headers: asAutomation, body: policy })).status).toBe(200)
})
afterAll(() => server.close())

const as = (name: string) => asSession(tokens[name]!)
async function notificationsOf(name: string) {
  await server.service.tick() // raised after the COMMIT of the decision, as the next batch's side work
  return (await server.request('GET', '/console/notifications', { headers: as(name) })).body.data.items as { kind: string; title: string; body: string; read: boolean; recipientId: string | null }[]
}
async function hold(name: string, amount: number): Promise<string> {
  const held = await server.request('POST', '/v1/mobile/b2c', { headers: as(name), body: b2cBody({ amount }) })
  expect(held.status).toBe(202)
  return held.body.data.approval.id as string
}
const decided = async (name: string) => (await notificationsOf(name)).filter((n) => n.kind === 'approval_decided')

describe('approval_decided', () => {
  it('tells the requester alone that it was approved and sent, and the waiting notification is done', async () => {
    const id = await hold('amina', 11_100)
    const waiting = (await notificationsOf('bora')).filter((n) => n.kind === 'approval_waiting')
    expect(waiting).toEqual([expect.objectContaining({ read: false, title: expect.stringContaining('111.00') })])
    expect((await server.request('POST', `/console/approvals/${id}/approve`, { headers: as('bora'), body: {} })).status).toBe(200)
    expect(await decided('amina')).toEqual([expect.objectContaining({ title: expect.stringMatching(/^Approved and sent: B2C payout of KES 111\.00/), recipientId: ids['amina'], read: false })])
    expect(await decided('musa')).toEqual([])
    expect(await decided('bora')).toEqual([])
    expect((await notificationsOf('bora')).filter((n) => n.kind === 'approval_waiting').map((n) => n.read)).toEqual([true])
  })

  it('tells a rejection with its reason', async () => {
    const id = await hold('musa', 22_200)
    await server.request('POST', `/console/approvals/${id}/reject`, { headers: as('bora'), body: { reason: 'not this month' } })
    expect(await decided('musa')).toEqual([expect.objectContaining({ title: expect.stringMatching(/^Rejected/), body: expect.stringContaining('not this month') })])
  })

  it('tells a refusal when it ran', async () => {
    const id = await hold('uma', 33_300)
    await server.request('PUT', `/console/users/${ids['uma']}`, { headers: asAutomation, body: { role: 'support' } })
    tokens['uma'] = await signIn(server, 'uma')
    await server.request('POST', `/console/approvals/${id}/approve`, { headers: as('bora'), body: {} })
    expect(await decided('uma')).toEqual([expect.objectContaining({ title: expect.stringMatching(/^Approved but refused/) })])
  })

  it('tells an expiry once the time ran out', async () => {
    const before = (await decided('amina')).length
    const id = await hold('amina', 44_400)
    server.clock.advance(25 * 3_600_000)
    // Sessions end after 12 idle hours (the test clock is the host's too): both sign in again.
    tokens['amina'] = await signIn(server, 'amina')
    tokens['bora'] = await signIn(server, 'bora')
    const mine = await decided('amina')
    expect(mine).toHaveLength(before + 1)
    expect(mine[0]).toMatchObject({ title: expect.stringMatching(/^Expired: B2C payout of KES 444\.00/) })
    const approval = (await server.request('GET', '/console/approvals', { headers: as('bora') })).body.data.items.find((a: { id: string }) => a.id === id)
    expect(approval.status).toBe('expired')
  })
})
