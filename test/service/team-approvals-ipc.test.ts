import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IPC_CALL_CHANNEL, type BridgeRequest } from '../../shared/api/bridge'
import type { PushEvent } from '../../shared/api/push-events'
import { createSenderCheck, forwardPushEvents, registerIpcHandler, type InvokeEventLike, type IpcMainLike } from '../../electron/main/ipc-handler'
import { CONSOLE_TOKEN, ref, testService, type TestService } from '../support/harness'

// The approval flow over IPC, as the desktop window drives it when this computer requires sign-in:
// the window signs in through the same route table, sends its session with each call, and gets the
// same held answer, decisions and push events as a browser over HTTP.

const indexFile = resolve('/opt/paydesk/out/renderer/index.html')
const contents = { id: 1, sent: [] as PushEvent[], isDestroyed: () => false, send(_channel: string, event: PushEvent) { this.sent.push(event) } }
const fromApp: InvokeEventLike = { sender: contents, senderFrame: { url: `${pathToFileURL(indexFile).href}#/`, parent: null } }
const PASSWORD = 'correct horse battery'

let service: TestService
let handler: (event: InvokeEventLike, request: unknown) => unknown
let unsubscribe: () => void

beforeAll(() => {
  service = testService().service
  const ipc: IpcMainLike = { handle: (channel, listener) => { if (channel === IPC_CALL_CHANNEL) handler = listener }, removeHandler: () => {} }
  registerIpcHandler(ipc, service, createSenderCheck(() => contents, { kind: 'file', indexFile }))
  unsubscribe = forwardPushEvents(service, () => contents)
})
afterAll(() => {
  unsubscribe()
  service.close()
})

async function invoke(routeId: string, input: BridgeRequest['input'] = {}, session?: string): Promise<{ status: number; body: any }> {
  return structuredClone((await handler(fromApp, { routeId, input, environment: 'test', ...(session ? { session } : {}) })) as { status: number; body: any })
}

describe('sign-in required on this computer', () => {
  it('is switched on only once an owner or admin exists, then the window must sign in', async () => {
    expect((await invoke('console.team.update', { body: { requireSignIn: true } })).status).toBe(409)
    for (const [name, role] of [['olivia', 'owner'], ['amina', 'maker'], ['bora', 'approver']]) {
      expect((await invoke('console.users.create', { body: { name, password: PASSWORD, role } })).status).toBe(201)
    }
    const on = await invoke('console.team.update', { body: { requireSignIn: true } })
    expect(on.body.data).toMatchObject({ requireSignIn: true, teamMode: true })
    const refused = await invoke('console.info')
    expect(refused.status).toBe(401)
    expect(refused.body.error.param).toBe('session')
    // Automation keeps working over HTTP: the console token is unaffected.
    expect(service.call('console.info', {}, { bearer: CONSOLE_TOKEN }).status).toBe(200)
  })

  it('holds a maker\'s payout and runs it on an approver\'s approval, all over IPC', async () => {
    const signIn = async (name: string) => (await invoke('console.sessions.create', { body: { name, password: PASSWORD } })).body.data.token as string
    const olivia = await signIn('olivia')
    expect((await invoke('console.approvalPolicy.update', { body: { rules: [{ action: 'b2c', environment: 'any', minAmount: 1, approvals: 1 }] } }, olivia)).status).toBe(200)
    const amina = await signIn('amina')
    const bora = await signIn('bora')
    expect((await invoke('console.sessions.current', {}, amina)).body.data.permissions).not.toContain('approvals.decide')

    const held = await invoke('mobile.b2c', { body: { phoneNumber: '0712345678', amount: 150_000, merchantTransactionId: ref('ipc') }, idempotencyKey: '5a0c6a7e-8a4f-4f7e-9a55-1c3f2d9b0e11' }, amina)
    expect(held.status).toBe(202)
    expect(held.body).toMatchObject({ message: 'Sent for approval', data: { approval: { status: 'pending', action: 'b2c', amount: 150_000, requestedBy: { name: 'amina', role: 'maker' } } } })
    const id = held.body.data.approval.id as string
    expect(contents.sent).toContainEqual({ type: 'approval.changed', environment: 'test', approvalId: id, status: 'pending', action: 'b2c' })

    expect((await invoke('console.approvals.approve', { params: { id } }, amina)).status).toBe(403)
    const approved = await invoke('console.approvals.approve', { params: { id } }, bora)
    expect(approved.body.data).toMatchObject({ status: 'approved', transactionId: expect.stringMatching(/^txn_/) })
    expect(contents.sent).toContainEqual({ type: 'approval.changed', environment: 'test', approvalId: id, status: 'approved', action: 'b2c' })
    const payout = await invoke('transactions.get', { query: { transactionId: approved.body.data.transactionId } }, bora)
    expect(payout.body.data).toMatchObject({ amount: 150_000 })

    expect((await invoke('console.sessions.end', {}, amina)).status).toBe(200)
    expect((await invoke('console.info', {}, amina)).status).toBe(401)
  })
})
