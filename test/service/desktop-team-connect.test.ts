import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IPC_CALL_CHANNEL, type BridgeRequest, type ConnectionRequest } from '../../shared/api/bridge'
import type { PushEvent } from '../../shared/api/push-events'
import { createSenderCheck, forwardPushEvents, registerIpcHandler, type InvokeEventLike, type IpcMainLike } from '../../electron/main/ipc-handler'
import { createConsoleConnection, type ConsoleConnection } from '../../electron/main/team-connection'
import { ref, startTestServer, testService, type TestServer, type TestService } from '../support/harness'
import { asAutomation, createUser } from '../http/team-support'

// The desktop app's "Connect to a team server" under a stand-in for Electron's ipcMain (the way the main
// process's modules are tested without the Electron binary): the window keeps calling over IPC, and the
// main process sends those calls to a `paydesk serve --team` over HTTP, then back to this computer.

const indexFile = resolve('/opt/paydesk/out/renderer/index.html')
const window = { id: 1, sent: [] as PushEvent[], isDestroyed: () => false, send(_channel: string, event: PushEvent) { this.sent.push(event) } }
const fromApp: InvokeEventLike = { sender: window, senderFrame: { url: `${pathToFileURL(indexFile).href}#/settings`, parent: null } }
const stranger: InvokeEventLike = { sender: { id: 2 }, senderFrame: { url: 'https://evil.example/', parent: null } }
const PASSWORD = 'correct horse battery'

let local: TestService
let team: TestServer
let connection: ConsoleConnection
let handler: (event: InvokeEventLike, request: unknown) => unknown
let unsubscribe: () => void

beforeAll(async () => {
  local = testService().service
  team = await startTestServer({ team: true })
  await createUser(team, 'amina', 'maker')
  await createUser(team, 'bora', 'approver')
  await team.request('PUT', '/console/approval-policy', { headers: asAutomation, body: { rules: [{ action: 'b2c', environment: 'any', minAmount: 1, approvals: 1 }] } })
  connection = createConsoleConnection({ deliver: (event) => window.send('paydesk:event', event) })
  const ipc: IpcMainLike = { handle: (channel, listener) => { if (channel === IPC_CALL_CHANNEL) handler = listener }, removeHandler: () => {} }
  registerIpcHandler(ipc, local, createSenderCheck(() => window, { kind: 'file', indexFile }), connection)
  unsubscribe = forwardPushEvents(local, () => window, connection)
})
afterAll(async () => {
  unsubscribe()
  connection.close()
  local.close()
  await team.close()
})

const invoke = async (routeId: string, input: BridgeRequest['input'] = {}) =>
  structuredClone((await handler(fromApp, { routeId, input, environment: 'test' })) as { status: number; body: any })
const connect = async (request: ConnectionRequest, event = fromApp) => structuredClone((await handler(event, { connection: request })) as { status: number; body: any })

async function until(what: string, predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !predicate(); i++) await new Promise((resume) => setTimeout(resume, 10))
  if (!predicate()) throw new Error(`never happened: ${what}`)
}

describe('connect to a team server', () => {
  it('starts on this computer', async () => {
    expect((await connect({ action: 'status' })).body.data).toEqual({ kind: 'local' })
    expect((await invoke('console.sessions.current')).body.data.actor).toMatchObject({ id: 'local', name: 'this computer' })
  })

  it('refuses a wrong password or an address that is not a team server, and stays on this computer', async () => {
    const wrong = await connect({ action: 'connect', url: team.url, name: 'amina', password: 'not the password' })
    expect(wrong.status).toBe(401)
    const notHttp = await connect({ action: 'connect', url: 'ftp://example.org', name: 'amina', password: PASSWORD })
    expect(notHttp.status).toBe(400)
    const nobody = await connect({ action: 'connect', url: 'http://127.0.0.1:9', name: 'amina', password: PASSWORD })
    expect(nobody.status).toBe(503)
    expect((await connect({ action: 'status' })).body.data).toEqual({ kind: 'local' })
    expect((await connect({ action: 'connect', url: team.url, name: 'amina', password: PASSWORD }, stranger)).status).toBe(403)
  })

  it('signs in and sends the console\'s calls to the team server; its updates reach the window', async () => {
    const connected = await connect({ action: 'connect', url: `${team.url}/some/page`, name: 'amina', password: PASSWORD })
    expect(connected.body.data).toEqual({ kind: 'remote', url: team.url, user: { id: expect.any(String), name: 'amina', role: 'maker' } })
    expect(JSON.stringify(connected.body)).not.toContain('pds_')
    expect((await invoke('console.sessions.current')).body.data.actor).toMatchObject({ name: 'amina', role: 'maker' })

    const held = await invoke('mobile.b2c', { body: { phoneNumber: '0712345678', amount: 50_000, merchantTransactionId: ref('remote') } })
    expect(held.status).toBe(202)
    const id = held.body.data.approval.id as string
    expect(team.service.internals.store.approvals.get(team.service.startup.demoOrganizationId, id)).toBeDefined()
    expect(local.internals.store.db.prepare('SELECT COUNT(*) AS n FROM approvals').get()).toEqual({ n: 0 })
    await until('the approval.changed event of the team server', () => window.sent.some((e) => e.type === 'approval.changed' && e.approvalId === id))
    // A maker cannot decide, there as here.
    expect((await invoke('console.approvals.approve', { params: { id } })).body.error.param).toBe('approvals.decide')
  })

  it('brings the team server\'s documents (an evidence bundle, the HAR) back over IPC as the envelope\'s data', async () => {
    const charge = await team.request('POST', '/v1/mobile/charge', { body: { phoneNumber: '0712345678', amount: 2_000, merchantTransactionId: ref('evidence') } })
    const transactionId = charge.body.data.transactionId as string
    const bundle = await invoke('console.transactions.evidence', { params: { transactionId } })
    expect(bundle.status).toBe(200)
    expect(bundle.body).toMatchObject({ status: 'success', data: { format: 'paydesk.evidence/1', transaction: { publicId: transactionId } } })
    expect(local.internals.store.transactions.getByPublicId(local.startup.demoOrganizationId, 'test', transactionId)).toBeUndefined()
    // A maker may not read the request log there: refused as an envelope, not taken for a document.
    expect((await invoke('console.requests.har', { query: {} })).body.error.param).toBe('requests.read')
  })

  it('goes back to this computer, and signs out of the team server', async () => {
    const session = team.service.internals.store.db.prepare('SELECT COUNT(*) AS n FROM user_sessions').get() as { n: number }
    expect((await connect({ action: 'disconnect' })).body.data).toEqual({ kind: 'local' })
    expect((team.service.internals.store.db.prepare('SELECT COUNT(*) AS n FROM user_sessions').get() as { n: number }).n).toBe(session.n - 1)
    expect((await invoke('console.sessions.current')).body.data.actor).toMatchObject({ id: 'local' })
    // Local updates reach the window again.
    const before = window.sent.length
    await invoke('mobile.charge', { body: { phoneNumber: '0712345678', amount: 1_000, merchantTransactionId: ref('local') } })
    expect(window.sent.length).toBeGreaterThan(before)
  })
})
