import { CONSOLE_TOKEN, type TestServer } from '../support/harness'

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
