import { afterEach } from 'vitest'
import type { ServiceOptions } from '../../electron/service'
import { CONSOLE_TOKEN, startTestServer, type TestServer } from '../support/harness'

/** Team helpers for the HTTP tests: users created by automation (the console token), sign-in, bearer headers. */
export const PASSWORD = 'correct horse battery'

export const asAutomation = { authorization: `Bearer ${CONSOLE_TOKEN}` }
export const asSession = (token: string) => ({ authorization: `Bearer ${token}` })

export async function createUser(server: TestServer, name: string, role: string, password = PASSWORD): Promise<{ id: string; name: string; role: string }> {
  const created = await server.request('POST', '/console/users', { headers: asAutomation, body: { name, password, role } })
  if (created.status !== 201) throw new Error(`creating ${name}: ${created.status} ${JSON.stringify(created.body)}`)
  return created.body.data
}

export async function signIn(server: TestServer, name: string, password = PASSWORD): Promise<string> {
  const session = await server.request('POST', '/console/sessions', { headers: { authorization: '' }, body: { name, password } })
  if (session.status !== 201) throw new Error(`signing in ${name}: ${session.status} ${JSON.stringify(session.body)}`)
  return session.body.data.token as string
}

/**
 * Team servers for one test file: `teamServer(options)` starts one in team mode, and every server started
 * through it is closed after each test. Call once at the top of the file.
 */
export function teamServers(): (options?: Partial<ServiceOptions>) => Promise<TestServer> {
  const servers: TestServer[] = []
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close()
  })
  return async (options = {}) => {
    const server = await startTestServer({ team: true, ...options })
    servers.push(server)
    return server
  }
}
