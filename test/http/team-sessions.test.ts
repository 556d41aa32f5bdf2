import { describe, expect, it } from 'vitest'
import type { TestServer } from '../support/harness'
import { ADDRESS_FAILURES } from '../../electron/service/team/sign-in-guard'
import { ALL_TIME } from './helpers'
import { asAutomation, asSession, createUser, PASSWORD, signIn, teamServers } from './team-support'

// Team mode over real HTTP: who may call, sign-in and its lockout, and the life of a session.

const teamServer = teamServers()
const anonymous = { authorization: '' }
const wrongSignIn = (server: TestServer, name: string, password = 'not the password') =>
  server.request('POST', '/console/sessions', { headers: anonymous, body: { name, password } })

describe('team mode', () => {
  it('asks console callers to sign in (401, param session), keeps the console token as automation, and API keys as they were', async () => {
    const server = await teamServer()
    const refused = await server.request('GET', '/console/info', { headers: anonymous })
    expect(refused.status).toBe(401)
    expect(refused.body.error).toMatchObject({ code: 'unauthorized', param: 'session' })
    const whoami = await server.request('GET', '/console/sessions/current', { headers: asAutomation })
    expect(whoami.body.data).toMatchObject({ actor: { id: 'automation', name: 'automation', role: 'owner' }, teamMode: true })
    expect((await server.request('GET', `/v1/transactions?${ALL_TIME}`)).status).toBe(200)
  })

  it('creates users (owner and admin only, passwords of 12+ characters) and signs them in with a bearer token', async () => {
    const server = await teamServer()
    const short = await server.request('POST', '/console/users', { headers: asAutomation, body: { name: 'amina', password: 'short', role: 'maker' } })
    expect(short.status).toBe(400)
    const amina = await createUser(server, 'amina', 'maker')
    expect(amina).toEqual({ id: expect.stringMatching(/^usr_/), name: 'amina', role: 'maker', disabled: false, createdAt: expect.any(Number) })
    const duplicate = await server.request('POST', '/console/users', { headers: asAutomation, body: { name: 'AMINA', password: PASSWORD, role: 'viewer' } })
    expect(duplicate.status).toBe(409)

    const session = await server.request('POST', '/console/sessions', { headers: anonymous, body: { name: 'amina', password: PASSWORD } })
    expect(session.status).toBe(201)
    expect(session.body.data).toEqual({ token: expect.stringMatching(/^pds_/), user: { id: amina.id, name: 'amina', role: 'maker' }, expiresAt: expect.any(String), endsAt: expect.any(String) })
    const token = session.body.data.token as string
    expect((await server.request('GET', '/console/sessions/current', { headers: asSession(token) })).body.data.actor).toEqual({ id: amina.id, name: 'amina', role: 'maker' })
    // Console calls on /v1 with the session: the console acting for its user.
    expect((await server.request('GET', '/v1/accounts', { headers: asSession(token) })).status).toBe(200)
    // A maker manages no users and no keys: 403 naming the permission.
    const users = await server.request('POST', '/console/users', { headers: asSession(token), body: { name: 'x', password: PASSWORD, role: 'viewer' } })
    expect(users.status).toBe(403)
    expect(users.body.error).toMatchObject({ code: 'forbidden', param: 'users.manage', message: expect.stringContaining('users.manage') })
    expect((await server.request('GET', '/console/keys', { headers: asSession(token) })).body.error.param).toBe('keys.manage')
  })

  it('lets an admin manage everyone but owners', async () => {
    const server = await teamServer()
    const owner = await createUser(server, 'olivia', 'owner')
    await createUser(server, 'adam', 'admin')
    const admin = await signIn(server, 'adam')
    expect((await server.request('POST', '/console/users', { headers: asSession(admin), body: { name: 'vic', password: PASSWORD, role: 'viewer' } })).status).toBe(201)
    expect((await server.request('POST', '/console/users', { headers: asSession(admin), body: { name: 'otto', password: PASSWORD, role: 'owner' } })).status).toBe(403)
    expect((await server.request('PUT', `/console/users/${owner.id}`, { headers: asSession(admin), body: { disabled: true } })).status).toBe(403)
    // The last enabled owner stays an owner.
    expect((await server.request('PUT', `/console/users/${owner.id}`, { headers: asAutomation, body: { role: 'admin' } })).status).toBe(409)
  })

  it('refuses wrong credentials alike, whichever part was wrong', async () => {
    const server = await teamServer()
    await createUser(server, 'amina', 'maker')
    const wrongPassword = await wrongSignIn(server, 'amina')
    const unknownName = await wrongSignIn(server, 'nobody')
    const missing = await server.request('POST', '/console/sessions', { headers: anonymous, body: {} })
    for (const answer of [wrongPassword, unknownName, missing]) {
      expect(answer.status).toBe(401)
      expect({ ...answer.body.error, requestId: '' }).toEqual({ type: 'authentication_error', code: 'unauthorized', message: 'The name or the password is not right.', param: null, requestId: '' })
    }
  })

  it('locks a name for 15 minutes after 5 wrong passwords, the right password too, then lets it in', async () => {
    const server = await teamServer()
    await createUser(server, 'amina', 'maker')
    for (let i = 0; i < 5; i++) expect((await wrongSignIn(server, 'amina')).status).toBe(401)
    const locked = await wrongSignIn(server, 'Amina', PASSWORD)
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60)
    // Unknown names lock the same way (a lock does not tell which names exist).
    for (let i = 0; i < 5; i++) expect((await wrongSignIn(server, 'ghost')).status).toBe(401)
    expect((await wrongSignIn(server, 'ghost')).status).toBe(429)
    // Another name is not locked by amina's failures.
    await createUser(server, 'bora', 'viewer')
    expect((await wrongSignIn(server, 'bora', PASSWORD)).status).toBe(201)
    server.clock.advance(15 * 60_000)
    expect((await wrongSignIn(server, 'amina', PASSWORD)).status).toBe(201)
  })

  it('bounds wrong passwords per client address, across names', async () => {
    const server = await teamServer()
    await createUser(server, 'amina', 'maker')
    for (let i = 0; i < ADDRESS_FAILURES; i++) expect((await wrongSignIn(server, `name-${i}`)).status).toBe(401)
    const bounded = await wrongSignIn(server, 'amina', PASSWORD)
    expect(bounded.status).toBe(429)
    expect(Number(bounded.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('a session', () => {
  it('ends after 12 idle hours, and lives on while it is used', async () => {
    const server = await teamServer()
    await createUser(server, 'amina', 'viewer')
    const token = await signIn(server, 'amina')
    server.clock.advance(11 * 3_600_000)
    expect((await server.request('GET', '/console/info', { headers: asSession(token) })).status).toBe(200)
    server.clock.advance(11 * 3_600_000)
    expect((await server.request('GET', '/console/info', { headers: asSession(token) })).status).toBe(200)
    server.clock.advance(12 * 3_600_000)
    const ended = await server.request('GET', '/console/info', { headers: asSession(token) })
    expect(ended.status).toBe(401)
    expect(ended.body.error.param).toBe('session')
  })

  it('ends at sign-out, and every session of a user when they are disabled or get another role', async () => {
    const server = await teamServer()
    const amina = await createUser(server, 'amina', 'maker')
    const first = await signIn(server, 'amina')
    const second = await signIn(server, 'amina')
    expect((await server.request('DELETE', '/console/sessions/current', { headers: asSession(first) })).status).toBe(200)
    expect((await server.request('GET', '/console/info', { headers: asSession(first) })).status).toBe(401)
    expect((await server.request('GET', '/console/info', { headers: asSession(second) })).status).toBe(200)

    expect((await server.request('PUT', `/console/users/${amina.id}`, { headers: asAutomation, body: { role: 'viewer' } })).body.data.role).toBe('viewer')
    expect((await server.request('GET', '/console/info', { headers: asSession(second) })).status).toBe(401)
    const third = await signIn(server, 'amina')
    expect((await server.request('GET', '/console/sessions/current', { headers: asSession(third) })).body.data.actor.role).toBe('viewer')
    expect((await server.request('PUT', `/console/users/${amina.id}`, { headers: asAutomation, body: { disabled: true } })).body.data.disabled).toBe(true)
    expect((await server.request('GET', '/console/info', { headers: asSession(third) })).status).toBe(401)
    expect((await wrongSignIn(server, 'amina', PASSWORD)).status).toBe(401)
  })

  it('is stored as a digest, and the password as a scrypt hash', async () => {
    const server = await teamServer()
    await createUser(server, 'amina', 'viewer')
    const token = await signIn(server, 'amina')
    const db = server.service.internals.store.db
    const stored = JSON.stringify([db.prepare('SELECT * FROM users').all(), db.prepare('SELECT * FROM user_sessions').all()])
    expect(stored).not.toContain(token)
    expect(stored).not.toContain(token.slice(4))
    expect(stored).not.toContain(PASSWORD)
    expect(stored).toMatch(/scrypt\$16384\$8\$1\$/)
  })
})

describe('the console surface of a browser', () => {
  it('refuses another origin, and answers its own', async () => {
    const server = await teamServer()
    await createUser(server, 'amina', 'viewer')
    const body = { name: 'amina', password: PASSWORD }
    const host = new URL(server.url).host
    const foreign = await server.request('POST', '/console/sessions', { headers: { authorization: '', origin: 'https://evil.example' }, body })
    expect(foreign.status).toBe(403)
    expect(foreign.body.error.message).toMatch(/another origin/)
    const nullOrigin = await server.request('GET', '/console/info', { headers: { ...asAutomation, origin: 'null' } })
    expect(nullOrigin.status).toBe(403)
    expect((await server.request('POST', '/console/sessions', { headers: { authorization: '', origin: `http://${host}` }, body })).status).toBe(201)
  })
})
