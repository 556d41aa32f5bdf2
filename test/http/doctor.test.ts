import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_SECRET, startTestServer, type TestServer } from '../support/harness'
import { startDoctorReceiver, type DoctorReceiver } from '../support/doctor-receivers'
import { ledgerViolations } from '../support/ledger-invariants'
import { consoleAuth } from './helpers'
import { runCli } from '../support/cli-run'

/**
 * The receiver doctor (docs/webhooks.md "Test your receiver") as a user runs it: `paydesk doctor <url>
 * --secret … [--json]` without a server, and the console's "Check my endpoint" over HTTP. Three receivers
 * of the test suite get exactly the grades they deserve.
 */
const SECRET = 'whsec_ZG9jdG9yLXRlc3Qtc2lnbmluZy1zZWNyZXQtMDAx'
const CHECKS = ['valid', 'duplicate', 'tampered', 'wrong-secret', 'unsigned', 'stale', 'future', 'rotation', 'unknown-type', 'balance-updated', 'failure-event', 'latency']

let correct: DoctorReceiver
let anything: DoctorReceiver
let strictTypes: DoctorReceiver
beforeAll(async () => {
  correct = await startDoctorReceiver('correct', SECRET)
  anything = await startDoctorReceiver('anything', SECRET)
  strictTypes = await startDoctorReceiver('strictTypes', SECRET)
})
afterAll(async () => {
  for (const receiver of [correct, anything, strictTypes]) await receiver.close()
})


type Grades = Record<string, 'pass' | 'fail' | 'warn'>
function grades(report: { checks: { id: string; result: 'pass' | 'fail' | 'warn' }[] }): Grades {
  return Object.fromEntries(report.checks.map((check) => [check.id, check.result]))
}
const allPass: Grades = Object.fromEntries(CHECKS.map((id) => [id, 'pass']))

describe('paydesk doctor (CLI, no server)', () => {
  it('grades a correct receiver: every check passes, exit code 0; the duplicate is acknowledged but processed once', async () => {
    const { code, stdout } = await runCli(['doctor', correct.url, '--secret', SECRET, '--json'])
    const report = JSON.parse(stdout)
    expect(grades(report)).toEqual(allPass)
    expect(report.ok).toBe(true)
    expect(code).toBe(0)
    const valid = report.checks.find((c: { id: string }) => c.id === 'valid')
    expect(valid).toMatchObject({ title: expect.any(String), status: 200, advice: expect.any(String) })
    const ids = correct.requests.map((r) => String(JSON.parse(r.body).id))
    expect(ids[0]).toBe(ids[1]) // the duplicate really repeated the event id
    expect(correct.processed.get(ids[0]!)).toBe(1)
    for (const request of correct.requests) expect(JSON.parse(request.body).data.paydeskDoctor).toBe(true)
  })

  it('grades a receiver that accepts anything: every refusal check fails, exit code 1', async () => {
    const { code, stdout } = await runCli(['doctor', anything.url, '--secret', SECRET, '--json'])
    const report = JSON.parse(stdout)
    expect(grades(report)).toEqual({ ...allPass, tampered: 'fail', 'wrong-secret': 'fail', unsigned: 'fail', stale: 'fail', future: 'fail' })
    expect(report.ok).toBe(false)
    expect(code).toBe(1)
    expect(report.checks.find((c: { id: string }) => c.id === 'tampered').advice).toMatch(/raw bytes/)
  })

  it('grades a receiver that answers 500 to unknown event types: only that check fails, exit code 1', async () => {
    const { code, stdout } = await runCli(['doctor', strictTypes.url, '--secret', SECRET, '--json'])
    const report = JSON.parse(stdout)
    expect(grades(report)).toEqual({ ...allPass, 'unknown-type': 'fail' })
    expect(report.checks.find((c: { id: string }) => c.id === 'unknown-type')).toMatchObject({ status: 500, received: expect.stringMatching(/^500 unknown event type/) })
    expect(code).toBe(1)
  })

  it('prints a terminal table without --json, and refuses bad arguments with exit code 2', async () => {
    const table = await runCli(['doctor', correct.url, '--secret', SECRET])
    expect(table.code).toBe(0)
    expect(table.stdout).toMatch(/^PASS {2}Valid signed event/m)
    expect(table.stdout).toMatch(/sent: {3}transaction\.succeeded evt_/)
    expect(table.stdout).toMatch(/Ready: 12 passed, 0 failed, 0 warnings\./)
    const noSecret = await runCli(['doctor', correct.url])
    expect(noSecret.code).toBe(2)
    expect(noSecret.stderr).toMatch(/--secret must be/)
    expect(noSecret.stderr).toMatch(/Usage: paydesk doctor/)
  })

  it('fails every check of a receiver that is not there', async () => {
    const { code, stdout } = await runCli(['doctor', 'http://127.0.0.1:9/hook', '--secret', SECRET, '--json'])
    const report = JSON.parse(stdout)
    expect(report.checks.filter((c: { result: string }) => c.result === 'fail')).toHaveLength(11)
    expect(report.checks[0].received).toMatch(/^no answer: connection refused/)
    expect(report.checks.find((c: { id: string }) => c.id === 'latency').result).toBe('warn')
    expect(code).toBe(1)
  })
})

describe('Check my endpoint (console route)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server.close()
  })

  it('runs the battery against the default endpoint with its own secret, keeps the last report, touches no money', async () => {
    const receiver = await startDoctorReceiver('correct', WEBHOOK_SECRET)
    try {
      const store = server.service.internals.store
      const before = {
        transactions: store.db.prepare('SELECT COUNT(*) AS n FROM transactions').get(),
        events: store.db.prepare('SELECT COUNT(*) AS n FROM webhook_events').get(),
        balances: store.db.prepare('SELECT account_no, available, pending FROM accounts ORDER BY id').all(),
      }
      expect((await server.request('PUT', '/console/webhooks/endpoint', { headers: consoleAuth(), body: { defaultUrl: receiver.url } })).status).toBe(200)
      expect((await server.request('GET', '/console/webhooks/doctor', { headers: consoleAuth() })).body.data).toEqual({ url: receiver.url, running: false, report: null })
      const started = await server.request('POST', '/console/webhooks/doctor', { headers: consoleAuth(), body: {} })
      expect(started.status).toBe(202)
      expect(started.body.data).toMatchObject({ url: receiver.url, running: true })
      let state = started.body.data
      for (let i = 0; i < 500 && state.running; i++) {
        await new Promise((done) => setTimeout(done, 20))
        state = (await server.request('GET', '/console/webhooks/doctor', { headers: consoleAuth() })).body.data
      }
      expect(state.running).toBe(false)
      expect(grades(state.report)).toEqual(allPass)
      expect(state.report.ok).toBe(true)
      expect(receiver.requests.length).toBe(11)
      for (const request of receiver.requests) expect(JSON.parse(request.body).data.paydeskDoctor).toBe(true)
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM transactions').get()).toEqual(before.transactions)
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM webhook_events').get()).toEqual(before.events)
      expect(store.db.prepare('SELECT account_no, available, pending FROM accounts ORDER BY id').all()).toEqual(before.balances)
      expect(ledgerViolations(store)).toEqual([])
      // The live environment has its own endpoint (none set): nothing to check there.
      const live = await server.request('POST', '/console/webhooks/doctor', { headers: consoleAuth('live'), body: {} })
      expect(live.status).toBe(400)
      expect(live.body.error.param).toBe('url')
    } finally {
      await server.request('PUT', '/console/webhooks/endpoint', { headers: consoleAuth(), body: { defaultUrl: null } })
      await receiver.close()
    }
  })
})
