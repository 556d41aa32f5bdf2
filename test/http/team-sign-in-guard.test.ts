import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import type { ServiceOptions } from '../../electron/service'
import { createUser, PASSWORD } from './team-support'

// Sign-in cannot be used to stall the server or to unlock a name: a locked name stays locked however many
// other names fail.

const servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})
async function teamServer(options: Partial<ServiceOptions> = {}): Promise<TestServer> {
  const server = await startTestServer({ team: true, ...options })
  servers.push(server)
  return server
}
const anonymous = { authorization: '' }
const signIn = (server: TestServer, name: string, password = 'not the password') =>
  server.request('POST', '/console/sessions', { headers: anonymous, body: { name, password } })

describe('the per-name lock', () => {
  it('never forgets a locked name to make room for others', async () => {
    const server = await teamServer({ signInLimits: { trackedNames: 10 } })
    await createUser(server, 'amina', 'maker')
    for (let i = 0; i < 5; i++) expect((await signIn(server, 'amina')).status).toBe(401)
    for (let i = 0; i < 25; i++) expect((await signIn(server, `other-${i}`)).status).toBe(401)
    expect((await signIn(server, 'amina', PASSWORD)).status).toBe(429)
    server.clock.advance(15 * 60_000)
    expect((await signIn(server, 'amina', PASSWORD)).status).toBe(201)
  })
})
