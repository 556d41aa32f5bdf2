import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IPC_CALL_CHANNEL, type BridgeRequest, type ConnectionRequest } from '../../shared/api/bridge'
import type { PushEvent } from '../../shared/api/push-events'
import { nativeNotifier, showNativeNotifications, type NativeNotificationClass } from '../../electron/main/desktop-notifications'
import { createSenderCheck, registerIpcHandler, type InvokeEventLike, type IpcMainLike } from '../../electron/main/ipc-handler'
import { createConsoleConnection, type ConsoleConnection } from '../../electron/main/team-connection'
import { startTestServer, testService, type TestServer, type TestService } from '../support/harness'
import { createUser, PASSWORD } from '../http/team-support'

// The back office through a desktop app connected to a team server (the main process's modules under
// stand-ins for Electron): a reconciliation's CSV export comes back over IPC as the envelope's text, and the
// native notifications shown are the team server's, not this computer's, while connected.

const indexFile = resolve('/opt/paydesk/out/renderer/index.html')
const window = { id: 1, sent: [] as PushEvent[], isDestroyed: () => false, send(_channel: string, event: PushEvent) { this.sent.push(event) } }
const fromApp: InvokeEventLike = { sender: window, senderFrame: { url: `${pathToFileURL(indexFile).href}#/reconcile`, parent: null } }

const shown: { title: string; body: string }[] = []
class RecordingNotification {
  constructor(private readonly options: { title: string; body: string }) {}
  static isSupported() {
    return true
  }
  on() {
    return this
  }
  show() {
    shown.push(this.options)
  }
}
const Notification = RecordingNotification as unknown as NativeNotificationClass

let local: TestService
let team: TestServer
let connection: ConsoleConnection
let handler: (event: InvokeEventLike, request: unknown) => unknown
let stopNative: () => void
let streaming = false

beforeAll(async () => {
  local = testService().service
  team = await startTestServer({ team: true })
  await createUser(team, 'amina', 'maker')
  const showNative = nativeNotifier(Notification, () => undefined)
  connection = createConsoleConnection({
    deliver: (event) => {
      window.send('paydesk:event', event)
      showNative(event)
    },
    // Notes when the team server's event stream answered (its subscription exists from then on).
    fetch: async (input, init) => {
      const response = await fetch(input, init)
      if (String(input).endsWith('/console/events') && response.ok) streaming = true
      return response
    },
  })
  const ipc: IpcMainLike = { handle: (channel, listener) => { if (channel === IPC_CALL_CHANNEL) handler = listener }, removeHandler: () => {} }
  registerIpcHandler(ipc, local, createSenderCheck(() => window, { kind: 'file', indexFile }), connection)
  stopNative = showNativeNotifications(local, Notification, () => undefined, connection)
})
afterAll(async () => {
  stopNative()
  connection.close()
  local.close()
  await team.close()
})

const invoke = async (routeId: string, input: BridgeRequest['input'] = {}) =>
  structuredClone((await handler(fromApp, { routeId, input, environment: 'test' })) as { status: number; body: any })
const connect = async (request: ConnectionRequest) => structuredClone((await handler(fromApp, { connection: request })) as { status: number; body: any })

async function until(what: string, predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !predicate(); i++) await new Promise((resume) => setTimeout(resume, 10))
  if (!predicate()) throw new Error(`never happened: ${what}`)
}

const reconciliation = (name: string) => ({
  body: { name, csv: 'Order,Amount\r\nnone-1,10\r\n', mapping: { reference: 'Order', amount: 'Amount' }, amountUnit: 'KES', from: '2026-11-21', to: '2026-11-21' },
})

describe('the back office through a team server', () => {
  it('reconciles there, exports its CSV over IPC, and shows the team server\'s notifications natively, not this computer\'s', async () => {
    expect((await connect({ action: 'connect', url: team.url, name: 'amina', password: PASSWORD })).body.data).toMatchObject({ kind: 'remote' })
    await until('the team server\'s event stream', () => streaming)
    const created = await invoke('console.reconciliations.create', reconciliation('remote orders'))
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(team.service.internals.store.reconciliations.byId(created.body.data.id)).toBeDefined()

    const exported = await invoke('console.reconciliations.export', { params: { id: created.body.data.id } })
    expect(exported.status).toBe(200)
    expect(exported.body).toMatchObject({ status: 'success', data: expect.stringMatching(/^Line,Order,Amount,Outcome,/) })
    expect(exported.body.data).toContain('\r\n2,none-1,10,missing_in_paydesk,')

    // This computer's own engine raises one too: not shown while the console is the team server's.
    const here = { trustedConsole: true, environment: 'test' as const }
    expect(local.call('console.reconciliations.create', reconciliation('local orders'), here).status).toBe(201)
    expect(local.call('console.notifications.list', {}, here).body).toMatchObject({ data: { unread: 1 } })
    await invoke('console.notifications.list')
    await until('the team server\'s notification, relayed', () => shown.some((n) => n.title.includes('remote orders')))
    expect(shown.filter((n) => n.title.includes('local orders'))).toEqual([])
  })
})
