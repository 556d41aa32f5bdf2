import { afterEach, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN, startTestServer, type TestServer } from '../support/harness'
import { fromAddress } from '../support/from-address'
import { ADDRESS_FAILURES } from '../../electron/service/team/sign-in-guard'
import { createUser, PASSWORD } from './team-support'

/**
 * Team sign-in and the failure budget: the sign-in guard's bound per client address is the same budget the
 * HTTP face counts failed authentications with (50 wrong passwords, then one more every 18 s); wrong
 * passwords are counted there once, refused bearers by the HTTP face, and a credential that authenticated
 * here before (a session since ended) is no guess. Sent from several loopback addresses (127.0.0.0/8).
 */
const servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

async function teamServer(perAddress?: number): Promise<TestServer> {
  const failedAuth = perAddress === undefined ? false : { perAddress: { burst: perAddress, perMinute: 6 }, allAddresses: { burst: 1_000, perMinute: 60 } }
  const server = await startTestServer({ team: true, failedAuth })
  servers.push(server)
  await createUser(server, 'amina', 'maker')
  return server
}

const signIn = (server: TestServer, address: string, name: string, password = 'not the password') =>
  fromAddress(server.url, address, '/console/sessions', undefined, { method: 'POST', body: { name, password } })
const guess = (i: number) => `pdc_guess${String(i).padStart(20, '0')}`

describe('team sign-in over the failure budget', () => {
  it('bounds wrong passwords per client address with a budget: 50, then one given back every 18 s', async () => {
    const server = await teamServer()
    for (let i = 0; i < ADDRESS_FAILURES; i++) expect((await signIn(server, '127.0.0.5', `name-${i}`)).status).toBe(401)
    const bounded = await signIn(server, '127.0.0.5', 'amina', PASSWORD)
    expect(bounded.status).toBe(429)
    expect(bounded.headers['retry-after']).toBe('18')
    // Another address has a budget of its own.
    expect((await signIn(server, '127.0.0.6', 'amina', PASSWORD)).status).toBe(201)
    server.clock.advance(18_000)
    expect((await signIn(server, '127.0.0.5', 'name-x')).status).toBe(401)
    expect((await signIn(server, '127.0.0.5', 'amina', PASSWORD)).status).toBe(429)
  })

  it('counts a wrong password once (the sign-in guard), a refused bearer at the HTTP face; a spent address waits to sign in too', async () => {
    const server = await teamServer(3)
    for (let i = 0; i < 10; i++) expect((await signIn(server, '127.0.0.7', `name-${i}`)).status).toBe(401)
    for (let i = 0; i < 3; i++) expect((await fromAddress(server.url, '127.0.0.7', '/console/info', guess(i))).status).toBe(401)
    expect((await fromAddress(server.url, '127.0.0.7', '/console/info', guess(3))).status).toBe(429)
    expect((await signIn(server, '127.0.0.7', 'amina', PASSWORD)).status).toBe(429)
    expect((await signIn(server, '127.0.0.8', 'amina', PASSWORD)).status).toBe(201)
    // The console token authenticated here before (creating amina): it passes the spent address.
    expect((await fromAddress(server.url, '127.0.0.7', '/console/info', CONSOLE_TOKEN)).status).toBe(200)
  })

  it('spends nothing on a session token that authenticated here before and has since ended', async () => {
    const server = await teamServer(3)
    const session = await signIn(server, '127.0.0.9', 'amina', PASSWORD)
    const token = session.body.data.token as string
    expect((await fromAddress(server.url, '127.0.0.9', '/console/sessions/current', token)).status).toBe(200)
    expect((await fromAddress(server.url, '127.0.0.9', '/console/sessions/current', token, { method: 'DELETE' })).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await fromAddress(server.url, '127.0.0.9', '/console/info', token)).status).toBe(401)
    for (let i = 0; i < 3; i++) expect((await fromAddress(server.url, '127.0.0.9', '/console/info', guess(i))).status).toBe(401)
    expect((await fromAddress(server.url, '127.0.0.9', '/console/info', guess(3))).status).toBe(429)
  })
})
