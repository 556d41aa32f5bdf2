import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { startCli, stopGracefully, type CliHost } from '../support/cli-process'
import { asSession } from './team-support'

// The first start of a team server: nobody can sign in yet, so the host prints a one-time link that
// opens "Create the owner"; `paydesk users add --role owner` does the same from a terminal. Once an owner
// exists, the link stops working.

const TOKEN = 'pdc_owner_setup_console_token_01'
const servers: TestServer[] = []
const hosts: CliHost[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
  for (const host of hosts.splice(0)) await stopGracefully(host)
})

const setup = (url: string, body: Record<string, unknown>) =>
  fetch(`${url}/console/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    .then(async (response) => ({ status: response.status, body: (await response.json()) as any }))

/** `paydesk users add …` against a running server, the password piped in. */
function usersAdd(args: string[], password: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', 'users', 'add', ...args], { cwd: resolve(__dirname, '../..'), stdio: ['pipe', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stdin.end(`${password}\n`)
  return new Promise((done) => child.once('exit', (code) => done({ code, output })))
}

describe('the one-time owner setup link', () => {
  it('creates the owner with the token it was given, signs them in, and then stops working', async () => {
    const server = await startTestServer({ team: true })
    servers.push(server)
    const token = server.service.ownerSetupToken()!
    expect(token).toMatch(/^pds_setup_/)
    const wrong = await setup(server.url, { token: `${token}x`, name: 'olivia', password: 'maize fields at dawn' })
    expect(wrong.status).toBe(403)
    expect(wrong.body.error.param).toBe('token')
    const weak = await setup(server.url, { token, name: 'olivia', password: 'password1234' })
    expect(weak.status).toBe(400)
    expect(weak.body.error.param).toBe('password')
    const created = await setup(server.url, { token, name: 'olivia', password: 'maize fields at dawn' })
    expect(created.status).toBe(201)
    expect(created.body.data.user).toMatchObject({ name: 'olivia', role: 'owner' })
    const whoami = await server.request('GET', '/console/sessions/current', { headers: asSession(created.body.data.token) })
    expect(whoami.body.data.actor).toMatchObject({ name: 'olivia', role: 'owner' })
    const again = await setup(server.url, { token, name: 'mallory', password: 'maize fields at dawn' })
    expect(again.status).toBe(409)
    expect(server.service.ownerSetupToken()).toBeNull()
  })

  it('is printed by `paydesk serve --team` on an empty database, and `paydesk users add --role owner` ends it', async () => {
    const host = await startCli(['--team', '--db', ':memory:', '--console-token', TOKEN])
    hosts.push(host)
    const link = /Set up\s+(\S+) \(one time: create the owner\)/.exec(host.output())?.[1]
    expect(link).toMatch(new RegExp(`^${host.url}/\\?setup=pds_setup_`))
    const added = await usersAdd(['--name', 'olivia', '--role', 'owner', '--url', host.url, '--console-token', TOKEN], 'maize fields at dawn')
    expect(added.output).toContain('Added olivia (owner)')
    expect(added.code).toBe(0)
    const token = new URL(link!).searchParams.get('setup')!
    expect((await setup(host.url, { token, name: 'mallory', password: 'maize fields at dawn' })).status).toBe(409)
  })
})
