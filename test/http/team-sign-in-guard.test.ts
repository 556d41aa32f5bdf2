import { request as httpRequest } from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import type { TestServer } from '../support/harness'
import { createUser, PASSWORD, teamServers } from './team-support'

// Sign-in cannot be used to stall the server or to unlock a name: passwords are hashed off the engine
// thread, wrong ones are bounded from all addresses together, and a locked name stays locked however many
// other names fail.

/** Counts scrypt on the engine thread (scryptSync); the asynchronous scrypt runs on libuv's pool. */
const hashes = vi.hoisted(() => ({ sync: 0 }))
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>()
  const scryptSync: typeof real.scryptSync = (...args: Parameters<typeof real.scryptSync>) => {
    hashes.sync += 1
    return real.scryptSync(...args)
  }
  return { ...real, default: { ...real, scryptSync }, scryptSync }
})

const teamServer = teamServers()
const anonymous = { authorization: '' }
const signIn = (server: TestServer, name: string, password = 'not the password') =>
  server.request('POST', '/console/sessions', { headers: anonymous, body: { name, password } })

/** A sign-in sent from a given local address (any of 127.0.0.0/8 reaches the server on 127.0.0.1). */
function signInFrom(server: TestServer, localAddress: string, name: string, password: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}/console/sessions`, { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode!))
    })
    req.on('error', reject)
    req.end(JSON.stringify({ name, password }))
  })
}

describe('signing in', () => {
  it('hashes the password off the engine thread, right or wrong, known name or not', async () => {
    const server = await teamServer()
    await createUser(server, 'amina', 'maker')
    hashes.sync = 0
    expect((await signIn(server, 'amina')).status).toBe(401)
    expect((await signIn(server, 'nobody')).status).toBe(401)
    expect((await signIn(server, 'amina', PASSWORD)).status).toBe(201)
    expect(hashes.sync).toBe(0)
  })

  it('bounds wrong passwords from all addresses together, and spends no hash while it waits', async () => {
    const server = await teamServer({ signInLimits: { allAddresses: 4 } })
    await createUser(server, 'amina', 'maker')
    for (let i = 0; i < 4; i++) expect(await signInFrom(server, `127.0.0.${10 + i}`, `guess-${i}`, 'wrong password')).toBe(401)
    expect(await signInFrom(server, '127.0.0.20', 'amina', PASSWORD)).toBe(429)
    server.clock.advance(15 * 60_000)
    expect(await signInFrom(server, '127.0.0.20', 'amina', PASSWORD)).toBe(201)
  })
})

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
