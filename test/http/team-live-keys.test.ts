import { describe, expect, it } from 'vitest'
import { asAutomation, asSession, createUser, signIn, teamServers } from './team-support'

// A live API key moves real money and answers to neither roles nor approvals: only an owner or an admin
// mints one (developers keep test keys), every minting is audited, and the policy may hold it.

const teamServer = teamServers()
const live = (token: string) => ({ ...asSession(token), 'paydesk-environment': 'live' })
const withKey = (key: string) => ({ authorization: `Bearer ${key}` })

describe('live API keys', () => {
  it('are refused to a developer, who keeps test keys, and to anything that comes with one', async () => {
    const server = await teamServer()
    await createUser(server, 'dev', 'developer')
    const dev = await signIn(server, 'dev')
    const refused = await server.request('POST', '/console/keys', { headers: live(dev), body: { label: 'ci' } })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ code: 'forbidden', param: 'keys.live' })
    expect((await server.request('GET', '/console/keys', { headers: live(dev) })).body.data.items).toHaveLength(1)
    for (const path of ['/console/organizations', '/console/sandboxes']) {
      const other = await server.request('POST', path, { headers: asSession(dev), body: { name: 'QA' } })
      expect(other.status, path).toBe(403)
      expect(other.body.error.param).toBe('keys.live')
    }
    const test = await server.request('POST', '/console/keys', { headers: asSession(dev), body: { label: 'ci' } })
    expect(test.status).toBe(201)
    expect(test.body.data.key).toMatch(/^sk_test_/)
  })

  it('are minted by an admin, audited in live', async () => {
    const server = await teamServer()
    await createUser(server, 'adam', 'admin')
    const admin = await signIn(server, 'adam')
    const created = await server.request('POST', '/console/keys', { headers: live(admin), body: { label: 'payroll' } })
    expect(created.status).toBe(201)
    expect(created.body.data.approval).toBeUndefined()
    expect((await server.request('GET', '/v1/accounts', { headers: withKey(created.body.data.key) })).status).toBe(200)
    const audit = await server.request('GET', '/console/audit?action=console.keys.create', { headers: asAutomation })
    expect(audit.body.data.items[0]).toMatchObject({ environment: 'live', action: 'console.keys.create', actor: { name: 'adam', role: 'admin' } })
    expect(JSON.stringify(audit.body)).not.toContain(created.body.data.key)
  })

  it('wait for approval under a live-key rule: the key answers 401 until another approver approves it', async () => {
    const server = await teamServer()
    await createUser(server, 'adam', 'admin')
    await createUser(server, 'bora', 'approver')
    const policy = { rules: [{ action: 'live-key', environment: 'live', minAmount: 0, approvals: 1 }] }
    expect((await server.request('PUT', '/console/approval-policy', { headers: asAutomation, body: policy })).status).toBe(200)
    const admin = await signIn(server, 'adam')
    const held = await server.request('POST', '/console/keys', { headers: live(admin), body: { label: 'payroll' } })
    expect(held.status).toBe(201)
    expect(held.body.data.approval).toEqual({ id: expect.stringMatching(/^apr_/), status: 'pending' })
    const key = held.body.data.key as string
    expect((await server.request('GET', '/v1/accounts', { headers: withKey(key) })).status).toBe(401)
    const audit = await server.request('GET', '/console/audit?action=console.keys.create', { headers: asAutomation })
    expect(audit.body.data.items[0]).toMatchObject({ environment: 'live', label: `Live API key sent for approval (${held.body.data.approval.id})` })

    const approver = await signIn(server, 'bora')
    const inbox = await server.request('GET', '/console/approvals?status=pending', { headers: live(approver) })
    expect(inbox.body.data.items[0]).toMatchObject({ action: 'live-key', request: { body: { label: 'payroll', prefix: held.body.data.prefix } } })
    expect(JSON.stringify(inbox.body)).not.toMatch(/keyHash|sk_live_[A-Za-z0-9]{20}/)
    expect((await server.request('POST', `/console/approvals/${held.body.data.approval.id}/approve`, { headers: live(approver), body: {} })).status).toBe(200)
    expect((await server.request('GET', '/v1/accounts', { headers: withKey(key) })).status).toBe(200)
    // Test keys are never held.
    expect((await server.request('POST', '/console/keys', { headers: asSession(admin), body: {} })).body.data.approval).toBeUndefined()
  })
})
