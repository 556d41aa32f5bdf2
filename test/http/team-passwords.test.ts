import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { asAutomation, asSession, createUser, PASSWORD, signIn } from './team-support'

// Passwords and sessions at OWASP ASVS L1: 12 characters or more, not blank, not common (nor a common one
// with digits or signs added), not the user's name; a session ends 7 days after sign-in even when used.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ team: true })
})
afterAll(() => server.close())

const create = (name: string, password: string) => server.request('POST', '/console/users', { headers: asAutomation, body: { name, password, role: 'viewer' } })

describe('a new password', () => {
  it.each([
    ['twelve spaces', ' '.repeat(12)],
    ['too short', 'k7#qLm2!xZ9'],
    ['common', 'password1234'],
    ['common with digits', 'sunshine20242025'],
    ['common with signs and digits', 'Password!!2024'],
    ['on the list as it is', 'qwertyuiop123'],
    ["the user's name", 'kamau.wanjiru'],
    ["the user's name with digits", 'kamau.wanjiru2024'],
  ])('is refused when %s (400, param password)', async (_why, password) => {
    const refused = await create('kamau.wanjiru', password)
    expect(refused.status).toBe(400)
    expect(refused.body.error.param).toBe('password')
  })

  it('is accepted when long, uncommon and not the name, and a new password is held to the same rules', async () => {
    const created = await create('njeri', 'maize fields at dawn')
    expect(created.status).toBe(201)
    const changed = await server.request('PUT', `/console/users/${created.body.data.id}`, { headers: asAutomation, body: { password: 'password1234' } })
    expect(changed.status).toBe(400)
    expect(changed.body.error.param).toBe('password')
  })
})

describe('a session', () => {
  it('ends 7 days after sign-in even when used all along, and says when beforehand', async () => {
    await createUser(server, 'wanjiku', 'viewer')
    const session = await server.request('POST', '/console/sessions', { headers: { authorization: '' }, body: { name: 'wanjiku', password: PASSWORD } })
    const token = session.body.data.token as string
    const endsAt = Date.parse(session.body.data.endsAt)
    const whoami = await server.request('GET', '/console/sessions/current', { headers: asSession(token) })
    expect(Date.parse(whoami.body.data.sessionEndsAt)).toBe(endsAt)
    for (let hours = 0; hours < 7 * 24 - 6; hours += 6) {
      server.clock.advance(6 * 3_600_000)
      expect((await server.request('GET', '/console/info', { headers: asSession(token) })).status).toBe(200)
    }
    server.clock.advance(6 * 3_600_000)
    const ended = await server.request('GET', '/console/info', { headers: asSession(token) })
    expect(ended.status).toBe(401)
    expect(ended.body.error.param).toBe('session')
    expect((await server.request('GET', '/console/info', { headers: asSession(await signIn(server, 'wanjiku')) })).status).toBe(200)
  })
})
