import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IPC_CALL_CHANNEL } from '../../shared/api/bridge'
import type { ServiceResponse } from '../../shared/api/envelope'
import { readCsv } from '../../shared/csv-read'
import type { Reconciliation } from '../../shared/schemas/reconciliations'
import { createSenderCheck, registerIpcHandler, type InvokeEventLike, type IpcMainLike } from '../../electron/main/ipc-handler'
import { startTestServer, type TestServer } from '../support/harness'
import { buildReconcileWorld, consoleHeaders, reconcileRequest, type ReconcileWorld } from '../support/reconcile-world'

// The desktop window's face of the workbench: the same routes over the IPC handler, answered with the same
// envelopes as HTTP (structured-cloned, as Electron carries them); the export is the envelope's text.
const indexFile = resolve('/opt/paydesk/out/renderer/index.html')
const window = { id: 1 }
const fromWindow: InvokeEventLike = { sender: window, senderFrame: { url: `${pathToFileURL(indexFile).href}#/reconcile`, parent: null } }

let server: TestServer
let world: ReconcileWorld
let handler: (event: InvokeEventLike, request: unknown) => unknown

beforeAll(async () => {
  server = await startTestServer()
  world = await buildReconcileWorld(server)
  const ipcMain: IpcMainLike = { handle: (channel, listener) => { if (channel === IPC_CALL_CHANNEL) handler = listener }, removeHandler: () => undefined }
  registerIpcHandler(ipcMain, server.service, createSenderCheck(() => window, { kind: 'file', indexFile }))
})
afterAll(() => server.close())

async function ipc(routeId: string, input: Record<string, unknown> = {}): Promise<ServiceResponse> {
  return structuredClone((await handler(fromWindow, { routeId, input, environment: 'test' })) as ServiceResponse)
}
const dataOf = <T>(response: ServiceResponse) => (response.body as { data: T }).data

describe('reconciliation over IPC', () => {
  it('creates, reads, matches by hand, undoes and exports: the same answers as over HTTP', async () => {
    const created = await ipc('console.reconciliations.create', { body: reconcileRequest(world, 'cents', 'dmy') })
    expect(created.status).toBe(201)
    const reconciliation = dataOf<Reconciliation>(created)
    expect(reconciliation.summary).toEqual({ fileRows: 10, matched: 4, amountMismatch: 1, missingInPaydesk: 3, missingInFile: 3, duplicates: 2, ambiguous: 1 })
    expect(reconciliation.amountUnit).toBe('cents')

    const overHttp = await server.request('GET', `/console/reconciliations/${reconciliation.id}?kind=missing_in_file`, { headers: consoleHeaders })
    const overIpc = await ipc('console.reconciliations.get', { params: { id: reconciliation.id }, query: { kind: 'missing_in_file' } })
    expect(overIpc.body).toEqual(overHttp.body)
    expect(dataOf<Reconciliation>(overIpc).items.map((item) => item.transactionId).sort()).toEqual([world.ids.E, world.ids.H1, world.ids.H2].sort())

    const matched = await ipc('console.reconciliations.match', { params: { id: reconciliation.id }, body: { line: 10, transactionId: world.ids.H1, note: 'asked the customer' } })
    expect(matched.status).toBe(201)
    expect(dataOf<Reconciliation>(matched).summary).toMatchObject({ matched: 5, ambiguous: 0, missingInFile: 2 })
    const undone = await ipc('console.reconciliations.unmatch', { params: { id: reconciliation.id, line: '10' } })
    expect(dataOf<Reconciliation>(undone).summary).toEqual(reconciliation.summary)

    const exported = await ipc('console.reconciliations.export', { params: { id: reconciliation.id } })
    expect(exported.status).toBe(200)
    const text = dataOf<string>(exported)
    const httpText = await (await fetch(`${server.url}/console/reconciliations/${reconciliation.id}/export.csv`, { headers: consoleHeaders })).text()
    expect(text).toBe(httpText)
    const rows = readCsv(text)
    expect(rows[1]!.fields.slice(-5)).toEqual(['matched', world.ids.A, '1500.00', '', ''])

    const list = await ipc('console.reconciliations.list')
    expect(dataOf<{ items: { id: string }[] }>(list).items.map((item) => item.id)).toContain(reconciliation.id)
    const mapping = await ipc('console.reconciliations.mapping', { query: { header: world.csv('cents', 'dmy').split('\r\n')[0] } })
    expect(dataOf(mapping)).toMatchObject({ remembered: true, amountUnit: 'cents', mapping: reconcileRequest(world, 'cents').mapping })
  })

  it('bad input is an error envelope over IPC too', async () => {
    const refused = await ipc('console.reconciliations.create', { body: { ...reconcileRequest(world, 'KES'), csv: 'Order No,Amount\r\nA,abc\r\n', mapping: { reference: 'Order No', amount: 'Amount' } } })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: { code: 'invalid_parameter', param: 'csv', message: expect.stringMatching(/^Line 2: the amount "abc"/) } })
  })
})
