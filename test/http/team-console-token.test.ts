import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { IPC_CALL_CHANNEL } from '../../shared/api/bridge'
import { consoleUrl } from '../../shared/console-url'
import { createSenderCheck, registerIpcHandler, type InvokeEventLike, type IpcMainLike } from '../../electron/main/ipc-handler'
import { CONSOLE_TOKEN, startTestServer, type TestServer } from '../support/harness'
import { asAutomation, asSession, createUser, signIn } from './team-support'

// The console token is an owner credential: while team mode is on, by the --team flag or by the saved
// setting, no answer carries it, whoever asks, over HTTP or the desktop window's IPC.

const servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

/** A server whose host reports its console address with the token, as the desktop host and `serve` do. */
async function hostedServer(team: boolean): Promise<TestServer> {
  const server = await startTestServer({ team })
  servers.push(server)
  server.service.setHostInfo({ httpUrl: server.url, consoleUrl: consoleUrl(server.url, CONSOLE_TOKEN) })
  return server
}

describe('the console token in GET /console/info', () => {
  it('is answered while nobody needs to sign in', async () => {
    const server = await hostedServer(false)
    const info = await server.request('GET', '/console/info', { headers: asAutomation })
    expect(info.body.data.consoleUrl).toBe(consoleUrl(server.url, CONSOLE_TOKEN))
  })

  it('is never answered once sign-in is required by the saved setting, decided per call', async () => {
    const server = await hostedServer(false)
    await createUser(server, 'olivia', 'owner')
    await createUser(server, 'vic', 'viewer')
    expect((await server.request('PUT', '/console/team', { headers: asAutomation, body: { requireSignIn: true } })).status).toBe(200)
    const viewer = await signIn(server, 'vic')
    for (const headers of [asSession(viewer), asAutomation]) {
      const info = await server.request('GET', '/console/info', { headers })
      expect(info.status).toBe(200)
      expect(info.body.data.consoleUrl).toBe(`${server.url}/`)
      expect(JSON.stringify(info.body)).not.toContain(CONSOLE_TOKEN)
    }
    // Sign-in off again (by an owner): the token is back for the one local operator.
    const owner = await signIn(server, 'olivia')
    await server.request('PUT', '/console/team', { headers: asSession(owner), body: { requireSignIn: false } })
    expect((await server.request('GET', '/console/info', { headers: asAutomation })).body.data.consoleUrl).toContain(encodeURIComponent(CONSOLE_TOKEN))
  })

  it('is never answered under --team', async () => {
    const server = await hostedServer(true)
    await createUser(server, 'vic', 'viewer')
    const info = await server.request('GET', '/console/info', { headers: asSession(await signIn(server, 'vic')) })
    expect(info.body.data.consoleUrl).toBe(`${server.url}/`)
    expect(JSON.stringify(info.body)).not.toContain(CONSOLE_TOKEN)
  })

  it('is never answered to the desktop window once sign-in is required', async () => {
    const server = await hostedServer(false)
    await createUser(server, 'olivia', 'owner')
    await createUser(server, 'vic', 'viewer')
    expect((await server.request('PUT', '/console/team', { headers: asAutomation, body: { requireSignIn: true } })).status).toBe(200)
    const indexFile = resolve('/opt/paydesk/out/renderer/index.html')
    const window = { id: 1, isDestroyed: () => false, send: () => {} }
    const fromApp: InvokeEventLike = { sender: window, senderFrame: { url: pathToFileURL(indexFile).href, parent: null } }
    let handler: ((event: InvokeEventLike, request: unknown) => unknown) | undefined
    const ipc: IpcMainLike = { handle: (channel, listener) => { if (channel === IPC_CALL_CHANNEL) handler = listener }, removeHandler: () => {} }
    const remove = registerIpcHandler(ipc, server.service, createSenderCheck(() => window, { kind: 'file', indexFile }))
    const signedIn = structuredClone((await handler!(fromApp, { routeId: 'console.sessions.create', input: { body: { name: 'vic', password: 'correct horse battery' } }, environment: 'test' })) as any)
    const info = structuredClone((await handler!(fromApp, { routeId: 'console.info', input: {}, environment: 'test', session: signedIn.body.data.token })) as any)
    remove()
    expect(info.status).toBe(200)
    expect(JSON.stringify(info.body)).not.toContain(CONSOLE_TOKEN)
  })
})
