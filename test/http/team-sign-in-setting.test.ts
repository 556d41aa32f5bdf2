import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { asAutomation, asSession, createUser, signIn } from './team-support'

// With sign-in off, the desktop window acts as the built-in owner: whoever turns it off would become one.
// Only an owner may change requireSignIn.

const servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

describe('requireSignIn', () => {
  it('is changed by an owner only; an admin still sets the other team settings', async () => {
    const server = await startTestServer()
    servers.push(server)
    await createUser(server, 'olivia', 'owner')
    await createUser(server, 'adam', 'admin')
    expect((await server.request('PUT', '/console/team', { headers: asAutomation, body: { requireSignIn: true } })).status).toBe(200)
    const admin = await signIn(server, 'adam')
    const refused = await server.request('PUT', '/console/team', { headers: asSession(admin), body: { requireSignIn: false } })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ code: 'forbidden', param: 'requireSignIn' })
    expect((await server.request('GET', '/console/team', { headers: asSession(admin) })).body.data.requireSignIn).toBe(true)
    const unchanged = await server.request('PUT', '/console/team', { headers: asSession(admin), body: { requireSignIn: true, approvalExpiryHours: 48 } })
    expect(unchanged.status).toBe(200)
    expect(unchanged.body.data.approvalExpiryHours).toBe(48)
    const owner = await signIn(server, 'olivia')
    expect((await server.request('PUT', '/console/team', { headers: asSession(owner), body: { requireSignIn: false } })).body.data.requireSignIn).toBe(false)
  })
})
