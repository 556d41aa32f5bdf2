import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { b2cBody } from './helpers'
import { asAutomation, asSession, createUser, signIn } from './team-support'

// A snapshot is the sandbox's data, not the team's rules: restoring one keeps the approval policy, the
// users and what they decided, and a restore needs the permissions of all it would change.

let server: TestServer
const tokens: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer({ team: true })
  for (const [name, role] of [['olivia', 'owner'], ['dev', 'developer'], ['amina', 'maker'], ['bora', 'approver']] as const) {
    await createUser(server, name, role)
    tokens[name] = await signIn(server, name)
  }
})
afterAll(() => server.close())

const as = (name: string) => asSession(tokens[name]!)
const rules = async () => (await server.request('GET', '/console/approval-policy', { headers: asAutomation })).body.data.rules as unknown[]

describe('restoring a snapshot in team mode', () => {
  it('keeps the policy, the users and the decided approvals, so the next payout is still held', async () => {
    expect((await server.request('POST', '/console/snapshots', { headers: asAutomation, body: { name: 'no-policy' } })).status).toBe(201)
    const policy = { rules: [{ action: 'b2c', environment: 'any', minAmount: 0, approvals: 1 }] }
    expect((await server.request('PUT', '/console/approval-policy', { headers: as('olivia'), body: policy })).status).toBe(200)
    const held = await server.request('POST', '/v1/mobile/b2c', { headers: as('amina'), body: b2cBody({ amount: 20_000 }) })
    expect(held.status).toBe(202)
    const approvalId = held.body.data.approval.id as string
    expect((await server.request('POST', `/console/approvals/${approvalId}/reject`, { headers: as('bora'), body: { reason: 'wrong phone' } })).status).toBe(200)

    const restored = await server.request('POST', '/console/snapshots/no-policy/restore', { headers: as('olivia') })
    expect(restored.status).toBe(200)
    expect(await rules()).toHaveLength(1)
    expect((await server.request('GET', '/console/users', { headers: as('olivia') })).body.data.items.map((u: { name: string }) => u.name)).toContain('amina')
    const decided = await server.request('GET', '/console/approvals?status=rejected', { headers: as('bora') })
    expect(decided.body.data.items).toEqual([expect.objectContaining({ id: approvalId, status: 'rejected', reason: 'wrong phone' })])
    const next = await server.request('POST', '/v1/mobile/b2c', { headers: as('amina'), body: b2cBody({ amount: 20_000 }) })
    expect(next.status).toBe(202)
  })

  it('is refused to a developer, who may save snapshots but not rewind live keys and live money', async () => {
    expect((await server.request('POST', '/console/snapshots', { headers: as('dev'), body: { name: 'dev-copy' } })).status).toBe(201)
    const refused = await server.request('POST', '/console/snapshots/dev-copy/restore', { headers: as('dev') })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ code: 'forbidden', param: 'keys.live' })
  })
})
