import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { IPC_CALL_CHANNEL, type BridgeRequest } from '../../shared/api/bridge'
import type { PushEvent } from '../../shared/api/push-events'
import { NATIVE_GAP_MS, showNativeNotifications, type NativeNotificationClass } from '../../electron/main/desktop-notifications'
import { createSenderCheck, forwardPushEvents, registerIpcHandler, type InvokeEventLike, type IpcMainLike } from '../../electron/main/ipc-handler'
import { createWindowSession } from '../../electron/main/window-session'
import { SESSION_IDLE_MS } from '../../electron/service/team/sessions'
import { CONSOLE_TOKEN, ref, TEST_KEY, testService } from '../support/harness'

// The desktop window's push channel when this computer requires sign-in: live updates go to the window
// only while the session of its last call is valid, as an HTTP event stream lives only with its session.

const indexFile = resolve('/opt/paydesk/out/renderer/index.html')
const PASSWORD = 'correct horse battery'
const closers: (() => void)[] = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
})

function desktop() {
  const { service, clock } = testService()
  const contents = { sent: [] as PushEvent[], isDestroyed: () => false, send(_channel: string, event: PushEvent) { this.sent.push(event) } }
  const fromApp: InvokeEventLike = { sender: contents, senderFrame: { url: `${pathToFileURL(indexFile).href}#/`, parent: null } }
  let handler: (event: InvokeEventLike, request: unknown) => unknown = () => undefined
  const ipc: IpcMainLike = { handle: (channel, listener) => { if (channel === IPC_CALL_CHANNEL) handler = listener }, removeHandler: () => {} }
  const windowSession = createWindowSession(service)
  registerIpcHandler(ipc, service, createSenderCheck(() => contents, { kind: 'file', indexFile }), undefined, undefined, windowSession)
  const unsubscribe = forwardPushEvents(service, () => contents, undefined, windowSession)
  // The operating system's notifications, recorded; every one shown at once (each a full gap after the last).
  const native: string[] = []
  class Recording {
    constructor(private readonly options: { title: string }) {}
    static isSupported = () => true
    on = () => this
    show() { native.push(this.options.title) }
  }
  let real = 0
  const pacing = { now: () => (real += NATIVE_GAP_MS), later: (run: () => void) => run() }
  const stopNative = showNativeNotifications(service, Recording as unknown as NativeNotificationClass, () => undefined, undefined, pacing, windowSession)
  closers.push(() => {
    stopNative()
    unsubscribe()
    windowSession.close()
    service.close()
  })
  const invoke = async (routeId: string, input: BridgeRequest['input'] = {}, session?: string): Promise<{ status: number; body: any }> =>
    structuredClone((await handler(fromApp, { routeId, input, environment: 'test', ...(session ? { session } : {}) })) as { status: number; body: any })
  const signIn = async (name: string) => {
    const token = (await invoke('console.sessions.create', { body: { name, password: PASSWORD } })).body.data.token as string
    expect((await invoke('console.sessions.current', {}, token)).status).toBe(200)
    return token
  }
  /** Whether the window was sent the `transaction.changed` of a new charge (made with an API key, not by the window). */
  const windowHearsCharge = async () => {
    const charge = await service.submit('mobile.charge', { body: { phoneNumber: '0712345678', amount: 1_000, merchantTransactionId: ref('window') } }, { bearer: TEST_KEY })
    expect(charge.status).toBe(202)
    const id = (charge.body as { data: { transactionId: string } }).data.transactionId
    return contents.sent.some((event) => event.type === 'transaction.changed' && event.transactionId === id)
  }
  const requireSignIn = async () => {
    for (const [name, role] of [['olivia', 'owner'], ['amina', 'maker']]) {
      expect((await invoke('console.users.create', { body: { name, password: PASSWORD, role } })).status).toBe(201)
    }
    expect((await invoke('console.team.update', { body: { requireSignIn: true } })).status).toBe(200)
  }
  /** Titles of the notifications the window was pushed. */
  const pushedTitles = () => contents.sent.flatMap((event) => (event.type === 'notification.raised' ? [event.notification.title] : []))
  return { service, clock, invoke, signIn, windowHearsCharge, requireSignIn, native, pushedTitles }
}

describe('the desktop window\'s push channel', () => {
  it('carries every event while sign-in is not required (the window is the built-in owner)', async () => {
    const window = desktop()
    expect(await window.windowHearsCharge()).toBe(true)
  })

  it('with sign-in required: nothing before a sign-in, events while signed in, nothing after signing out', async () => {
    const window = desktop()
    await window.requireSignIn()
    expect(await window.windowHearsCharge()).toBe(false)
    const token = await window.signIn('amina')
    expect(await window.windowHearsCharge()).toBe(true)
    expect((await window.invoke('console.sessions.end', {}, token)).status).toBe(200)
    expect(await window.windowHearsCharge()).toBe(false)
  })

  it('with sign-in required: nothing more once an owner disables the window\'s user, or its session is idle', async () => {
    const window = desktop()
    await window.requireSignIn()
    await window.signIn('amina')
    expect(await window.windowHearsCharge()).toBe(true)
    const amina = window.service.call('console.users.list', {}, { bearer: CONSOLE_TOKEN }).body as { data: { items: { id: string; name: string }[] } }
    const id = amina.data.items.find((user) => user.name === 'amina')!.id
    expect((await window.service.submit('console.users.update', { params: { id }, body: { disabled: true } }, { bearer: CONSOLE_TOKEN })).status).toBe(200)
    expect(await window.windowHearsCharge()).toBe(false)
    await window.signIn('olivia')
    expect(await window.windowHearsCharge()).toBe(true)
    window.clock.advance(SESSION_IDLE_MS)
    expect(await window.windowHearsCharge()).toBe(false)
  })
})

describe('what the desktop window is sent, and shown natively, with sign-in required', () => {
  it('only what its signed-in user may read: a personal notification to its recipient alone, nothing while nobody is signed in', async () => {
    const window = desktop()
    const policy = { rules: [{ action: 'b2c', environment: 'any', minAmount: 1, approvals: 1 }] }
    expect((await window.invoke('console.approvalPolicy.update', { body: policy })).status).toBe(200)
    await window.requireSignIn()
    const session = async (name: string) => (await window.service.submit('console.sessions.create', { body: { name, password: PASSWORD } }, {})).body as { data: { token: string } }
    const amina = (await session('amina')).data.token
    const olivia = (await session('olivia')).data.token
    /** amina (maker) asks for a payout, held for approval: "Approval waiting" is for everyone. */
    const hold = async (amount: number) => {
      const held = await window.service.submit('mobile.b2c', { body: { phoneNumber: '0712345678', amount, merchantTransactionId: ref('held') } }, { bearer: amina })
      expect(held.status).toBe(202)
      await window.service.tick()
      return (held.body as unknown as { data: { approval: { id: string } } }).data.approval.id
    }
    /** olivia (owner) approves it: "Approved and sent" is amina's alone. */
    const approve = async (id: string) => {
      expect((await window.service.submit('console.approvals.approve', { params: { id } }, { bearer: olivia })).status).toBe(200)
      await window.service.tick()
    }
    await approve(await hold(10_100))
    expect(window.pushedTitles()).toEqual([])
    expect(window.native).toEqual([])

    await window.signIn('olivia')
    await approve(await hold(20_200))
    const oliviaSees = ['Approval waiting: B2C payout of KES 202.00']
    expect(window.pushedTitles()).toEqual(oliviaSees)
    expect(window.native).toEqual(oliviaSees)

    await window.signIn('amina')
    await approve(await hold(30_300))
    const aminaSees = ['Approval waiting: B2C payout of KES 303.00', 'Approved and sent: B2C payout of KES 303.00']
    expect(window.pushedTitles()).toEqual([...oliviaSees, ...aminaSees])
    expect(window.native).toEqual([...oliviaSees, ...aminaSees])
  })
})
