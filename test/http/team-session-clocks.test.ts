import { describe, expect, it } from 'vitest'
import type { TestServer } from '../support/harness'
import { startUpstreamPair } from '../support/upstream-pair'
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../electron/service/team/sessions'
import { asAutomation, asSession, createUser, PASSWORD, signIn, teamServers } from './team-support'

// A session lives on the host's real clock; the simulated clock (which QA advances by days) never ends or
// extends one, whichever step of a request looks at the session. A fault rule makes the fault lab look at the
// caller of every public request before the engine does: that look must judge the session as the engine does.

const teamServer = teamServers()

const HOUR = 3_600_000

/** Any fault rule at all (here: the live environment's, on a route the test never calls) wakes the fault lab. */
async function setSomeFaultRule(server: TestServer): Promise<void> {
  const rule = await server.request('PUT', '/console/faults/api', {
    headers: { ...asAutomation, 'paydesk-environment': 'live' }, body: { scope: 'bankCodes.list', faults: { latency: { minMs: 0 } } },
  })
  expect(rule.status).toBe(200)
}

async function advanceSimulatedClock(server: TestServer, ms: number, environment = 'test'): Promise<void> {
  const advanced = await server.request('POST', '/console/simulator/advance', { headers: { ...asAutomation, 'paydesk-environment': environment }, body: { ms } })
  expect(advanced.status).toBe(200)
}

describe('a session and the simulated clock', () => {
  it('is not ended by a simulated clock days ahead of the real one, with a fault rule set', async () => {
    const server = await teamServer()
    await createUser(server, 'mika', 'maker')
    await setSomeFaultRule(server)
    await advanceSimulatedClock(server, 2 * 24 * HOUR)
    const token = await signIn(server, 'mika')
    const first = await server.request('GET', '/v1/accounts', { headers: asSession(token) })
    expect(first.body.error ?? null).toBeNull()
    expect(first.status).toBe(200)
    expect((await server.request('GET', '/console/sessions/current', { headers: asSession(token) })).status).toBe(200)
  })

  it('is not kept alive past its idle hours by a simulated clock ahead of the real one, with a fault rule set', async () => {
    const server = await teamServer()
    await createUser(server, 'noor', 'maker')
    await setSomeFaultRule(server)
    await advanceSimulatedClock(server, 6 * HOUR)
    const token = await signIn(server, 'noor')
    server.clock.advance(2 * 60_000)
    expect((await server.request('GET', '/v1/accounts', { headers: asSession(token) })).status).toBe(200)
    // Last used just now on the real clock: idle for its whole allowance from here, it has ended (asked on a
    // console route, which the fault lab never looks at).
    server.clock.advance(SESSION_IDLE_MS)
    const idle = await server.request('GET', '/console/sessions/current', { headers: asSession(token) })
    expect(idle.status).toBe(401)
    expect(idle.body.error).toMatchObject({ code: 'unauthorized', param: 'session' })
  })

  it('still ends after its idle hours on the real clock when no fault rule is set (the engine alone)', async () => {
    const server = await teamServer()
    await createUser(server, 'omar', 'maker')
    await advanceSimulatedClock(server, 2 * 24 * HOUR)
    const token = await signIn(server, 'omar')
    expect((await server.request('GET', '/v1/accounts', { headers: asSession(token) })).status).toBe(200)
    server.clock.advance(SESSION_IDLE_MS)
    expect((await server.request('GET', '/v1/accounts', { headers: asSession(token) })).status).toBe(401)
  })

  it('is not ended by a diff against the provider (read before its unit) with the simulated clock days ahead', async () => {
    const pair = await startUpstreamPair()
    try {
      expect(await pair.sync()).toMatchObject({ status: 'done' })
      await createUser(pair.paydesk, 'pita', 'viewer')
      // The test environment mirrors the provider and refuses the simulator's controls; the clock is one for all.
      await advanceSimulatedClock(pair.paydesk, 2 * 24 * HOUR, 'live')
      const token = await signIn(pair.paydesk, 'pita')
      const today = new Date(pair.paydesk.clock.now()).toISOString().slice(0, 10)
      const diff = await pair.paydesk.request('GET', `/console/upstream/diff?from=${today}&to=${today}`, { headers: { ...asSession(token), 'paydesk-environment': 'test' } })
      expect(diff.body.error ?? null).toBeNull()
      expect(diff.status).toBe(200)
    } finally {
      await pair.close()
    }
  })

  it('states its end, and ends, on the real clock: 7 days after sign-in however far the simulated clock ran', async () => {
    const server = await teamServer()
    await createUser(server, 'raha', 'viewer')
    await advanceSimulatedClock(server, 3 * 24 * HOUR)
    const signedInAt = server.clock.now()
    const session = await server.request('POST', '/console/sessions', { headers: { authorization: '' }, body: { name: 'raha', password: PASSWORD } })
    expect(session.status).toBe(201)
    const endsAt = new Date(signedInAt + SESSION_MAX_MS).toISOString()
    expect(session.body.data).toMatchObject({ expiresAt: new Date(signedInAt + SESSION_IDLE_MS).toISOString(), endsAt })
    const token = session.body.data.token as string
    await advanceSimulatedClock(server, 8 * 24 * HOUR)
    const current = await server.request('GET', '/console/sessions/current', { headers: asSession(token) })
    expect(current.status).toBe(200)
    expect(current.body.data.sessionEndsAt).toBe(endsAt)
    // Used every 10 real hours (never idle), it still ends 7 real days after sign-in.
    for (let used = 0; used + 10 * HOUR < SESSION_MAX_MS; used += 10 * HOUR) {
      server.clock.advance(10 * HOUR)
      expect((await server.request('GET', '/console/info', { headers: asSession(token) })).status).toBe(200)
    }
    server.clock.advance(10 * HOUR)
    expect((await server.request('GET', '/console/info', { headers: asSession(token) })).status).toBe(401)
  })
})

describe('a sign-in lockout and the simulated clock', () => {
  it('is not lifted by advancing the simulated clock: it lasts 15 real minutes', async () => {
    const server = await teamServer()
    await createUser(server, 'sefu', 'maker')
    const attempt = (password: string) => server.request('POST', '/console/sessions', { headers: { authorization: '' }, body: { name: 'sefu', password } })
    for (let i = 0; i < 5; i++) expect((await attempt('not the password')).status).toBe(401)
    await advanceSimulatedClock(server, 2 * 24 * HOUR)
    expect((await attempt(PASSWORD)).status).toBe(429)
    server.clock.advance(15 * 60_000)
    expect((await attempt(PASSWORD)).status).toBe(201)
  })
})
