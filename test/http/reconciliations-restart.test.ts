import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import type { Reconciliation } from '../../shared/schemas/reconciliations'
import { startCli, stopGracefully, type CliHost } from '../support/cli-process'

// Reconciliations, their matches by hand, the remembered mapping and the notification they raised are in
// SQLite: the real host (`paydesk serve --db <file>`) stopped and started again serves them as they were.
const TOKEN = 'pdc_restart_reconciliations_token_01'
const KEY = 'sk_test_restartReconciliations001'
const folder = mkdtempSync(join(tmpdir(), 'paydesk-reconcile-restart-'))
const args = ['--db', join(folder, 'paydesk.db'), '--console-token', TOKEN, '--api-key', KEY, '--simulator', 'fast']
const consoleHeaders = { authorization: `Bearer ${TOKEN}`, 'paydesk-environment': 'test', 'content-type': 'application/json' }
let host: CliHost | null = null

afterAll(async () => {
  if (host) await stopGracefully(host)
  rmSync(folder, { recursive: true, force: true })
})

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; data: any }> {
  const response = await fetch(host!.url + path, { method, headers: consoleHeaders, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await response.text()
  return { status: response.status, data: text.startsWith('{') ? JSON.parse(text).data : text }
}

async function completedCharge(reference: string): Promise<string> {
  const accepted = await fetch(`${host!.url}/v1/mobile/charge`, {
    method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: '0712345678', amount: 120_000, merchantTransactionId: reference, forceStatus: 'success' }),
  })
  const id = ((await accepted.json()) as { data: { transactionId: string } }).data.transactionId
  for (let i = 0; i < 100; i++) {
    const read = await fetch(`${host!.url}/v1/transaction?transactionId=${id}`, { headers: { authorization: `Bearer ${KEY}` } })
    const status = ((await read.json()) as { data: { status: string } }).data.status
    if (status === 'completed' || status === 'settled') return id
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`${id} did not complete`)
}

it('a reconciliation and its match by hand survive a restart of the host', { timeout: 60_000 }, async () => {
  host = await startCli(args)
  const chargeId = await completedCharge('restart-order-1')
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const csv = 'Order,Amount\r\nsome-other-order,1200\r\n'
  const created = await call('POST', '/console/reconciliations', {
    name: 'before restart', csv, mapping: { reference: 'Order', amount: 'Amount' }, amountUnit: 'KES', from: day(-1), to: day(1), timeZone: 'UTC',
  })
  expect(created.status).toBe(201)
  const id = (created.data as Reconciliation).id
  expect(created.data.summary).toMatchObject({ fileRows: 1, missingInPaydesk: 1, missingInFile: 1 })
  const matched = await call('POST', `/console/reconciliations/${id}/matches`, { line: 2, transactionId: chargeId, note: 'same order' })
  expect(matched.status).toBe(201)
  const before = await call('GET', `/console/reconciliations/${id}`)
  const exportBefore = await call('GET', `/console/reconciliations/${id}/export.csv`)
  const notificationsBefore = await call('GET', '/console/notifications')
  expect(notificationsBefore.data.items.map((n: { kind: string }) => n.kind)).toContain('reconciliation_exceptions')
  expect(await stopGracefully(host)).toBe(0)

  host = await startCli(args)
  const after = await call('GET', `/console/reconciliations/${id}`)
  expect(after.status).toBe(200)
  expect(after.data).toEqual(before.data)
  expect(after.data.summary).toMatchObject({ matched: 1, missingInPaydesk: 0, missingInFile: 0 })
  expect((await call('GET', `/console/reconciliations/${id}/export.csv`)).data).toBe(exportBefore.data)
  expect((await call('GET', '/console/notifications')).data).toEqual(notificationsBefore.data)
  const mapping = await call('GET', `/console/reconciliation-mappings?header=${encodeURIComponent('Order,Amount')}`)
  expect(mapping.data).toMatchObject({ remembered: true, mapping: { reference: 'Order', amount: 'Amount' } })
  // The match made before the restart can be undone after it.
  const undone = await call('DELETE', `/console/reconciliations/${id}/matches/2`)
  expect(undone.data.summary).toEqual(created.data.summary)
})
