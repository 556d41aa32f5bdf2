import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseScenarioText } from '../../electron/service/scenario/parse'
import { ScenarioFlowSchema } from '../../shared/schemas/scenario-flow'
import { killHard, startCli } from '../support/cli-process'
import { ref, startTestServer } from '../support/harness'
import { startWebhookReceiver, verifyProviderSignature, type WebhookReceiver } from '../support/webhook-receiver'
import { runCli } from '../support/cli-run'

/**
 * The fault lab from scenario files (docs/scenarios.md "faults", docs/simulator.md "Provider faults"):
 * a file's `faults:` switched on when the real CLI applies it, `faults:` steps of a run switching them
 * through the console routes, the `duplicated` expectation, and bad sections refused with exit 2.
 */
const ROOT = resolve(__dirname, '../..')
const EXAMPLE = join(ROOT, 'examples/scenarios/duplicate-callbacks.yaml')
const EXAMPLE_URL = 'http://127.0.0.1:3000/webhooks'
const EXAMPLE_SECRET = 'whsec_ZHVwbGljYXRlY2FsbGJhY2tzMDE='
const folder = mkdtempSync(join(tmpdir(), 'paydesk-scenario-faults-'))
let receiver: WebhookReceiver
beforeAll(async () => {
  receiver = await startWebhookReceiver()
})
afterAll(async () => {
  await receiver.close()
  rmSync(folder, { recursive: true, force: true })
})


function write(name: string, text: string): string {
  const path = join(folder, name)
  writeFileSync(path, text)
  return path
}

/** The example with its webhook URL pointed at this test's receiver (the file names port 3000). */
function exampleForReceiver(name: string, extraExpectations: string[] = []): string {
  const text = readFileSync(EXAMPLE, 'utf8').replaceAll(EXAMPLE_URL, receiver.url)
  expect(text).not.toContain(EXAMPLE_URL)
  return write(name, `${text.trimEnd()}\n${extraExpectations.map((e) => `  - ${e}`).join('\n')}\n`)
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('faults in a scenario file', () => {
  it('paydesk serve --scenario switches them on per environment: GET /console/faults lists them', async () => {
    const host = await startCli(['--db', ':memory:', '--scenario', EXAMPLE])
    try {
      const token = /\?token=(\S+)/.exec(host.output())![1]!
      const faults = async (environment: string) => {
        const response = await fetch(`${host.url}/console/faults`, { headers: { authorization: `Bearer ${token}`, 'paydesk-environment': environment } })
        expect(response.status).toBe(200)
        return ((await response.json()) as { data: any }).data
      }
      expect(await faults('test')).toMatchObject({
        active: true, activeIn: ['test', 'live'], api: [],
        webhooks: [{ url: EXAMPLE_URL, faults: { duplicate: true } }],
      })
      expect(await faults('live')).toMatchObject({
        active: true, webhooks: [],
        api: [{ scope: 'money', faults: { errorRate: { rate: 0.1, status: 503 } } }],
      })
    } finally {
      await killHard(host)
    }
  }, 30_000)

  it('belong to their organization and environment: top-level faults to the first, organizations[i].faults to that one', async () => {
    const text = [
      'organizations:',
      '  - { name: First, apiKeys: { test: sk_test_first0000000000000001, live: sk_live_first0000000000000001 } }',
      '  - name: Second',
      '    apiKeys: { test: sk_test_second000000000000001, live: sk_live_second000000000000001 }',
      '    faults: { live: { api: [{ scope: mobile.charge, faults: { errorRate: { rate: 1, status: 500 } } }] } }',
      'faults:',
      '  test: { api: [{ scope: money, faults: { errorRate: { rate: 1, status: 503 } } }] }',
    ].join('\n')
    const server = await startTestServer({ scenario: { scenario: parseScenarioText(text, 'orgs.yaml', ScenarioFlowSchema), fingerprint: 'orgs' } })
    try {
      const charge = async (key: string) => (await server.request('POST', '/v1/mobile/charge', {
        headers: { authorization: `Bearer ${key}` }, body: { phoneNumber: '0712345678', amount: 1000, merchantTransactionId: ref('org') },
      })).status
      expect(await charge('sk_test_first0000000000000001')).toBe(503)
      expect(await charge('sk_live_first0000000000000001')).toBe(202)
      expect(await charge('sk_test_second000000000000001')).toBe(202)
      expect(await charge('sk_live_second000000000000001')).toBe(500)
    } finally {
      await server.close()
    }
  })

  it('a bad faults section stops the server with exit 2, naming file, line and field', async () => {
    const path = write('bad-faults.yaml', [
      'organization: { name: Broken faults }',
      'faults:',
      '  test:',
      '    webhooks:',
      '      - { url: "http://127.0.0.1:9/hook", faults: { delay: { minMs: 700000 } } }',
      '    api:',
      '      - { scope: everything, faults: { latency: { minMs: 10 } } }',
      '  webhooks: []',
      '  live:',
      '    webhooks:',
      '      - { url: "http://127.0.0.1:9/hook", fualts: { duplicate: true }, faults: {} }',
    ].join('\n'))
    const { code, stderr } = await runCli(['serve', '--port', '0', '--db', ':memory:', '--scenario', path])
    expect(code).toBe(2)
    expect(stderr).toMatch(new RegExp(`${escape(path)}:5:\\d+ faults\\.test\\.webhooks\\[0\\]\\.faults\\.delay\\.minMs: must be at most 10 minutes`))
    expect(stderr).toMatch(new RegExp(`${escape(path)}:7:\\d+ faults\\.test\\.api\\[0\\]\\.scope: `))
    expect(stderr).toMatch(new RegExp(`${escape(path)}:8:\\d+ faults\\.webhooks: Unrecognized key: "webhooks" \\(faults are per environment`))
    // A misspelt key beside `url` is refused, not silently ignored.
    expect(stderr).toMatch(new RegExp(`${escape(path)}:11:\\d+ faults\\.live\\.webhooks\\[0\\]\\.fualts: Unrecognized key: "fualts"`))
  }, 30_000)

  it('scenario check refuses a faults step that is neither "off" nor per environment, and a URL listed twice', async () => {
    const path = write('bad-step.yaml', [
      'steps:',
      '  - { faults: of }',
      '  - faults:',
      '      test:',
      '        webhooks:',
      '          - { url: "http://127.0.0.1:9/hook", faults: { duplicate: true } }',
      '          - { url: "http://127.0.0.1:9/hook", faults: { dupe: true } }',
    ].join('\n'))
    const { code, stderr } = await runCli(['scenario', 'check', path])
    expect(code).toBe(2)
    expect(stderr).toMatch(/bad-step\.yaml:2:\d+ steps\[0\]\.faults: must be "off" or \{ test/)
    expect(stderr).toMatch(/bad-step\.yaml:7:\d+ steps\[1\]\.faults\.test\.webhooks\[1\]\.faults\.dupe: Unrecognized key: "dupe"/)
    // Two rules for one URL: the second would silently replace the first.
    const twice = write('twice.yaml', readFileSync(path, 'utf8').replace('  - { faults: of }\n', '').replace('dupe: true', 'tamper: true'))
    const listed = await runCli(['scenario', 'check', twice])
    expect(listed.code).toBe(2)
    expect(listed.stderr).toMatch(/twice\.yaml:6:\d+ steps\[0\]\.faults\.test\.webhooks\[1\]\.url: http:\/\/127\.0\.0\.1:9\/hook has faults listed twice/)
  }, 30_000)
})

describe('faults in a scenario run', () => {
  it('duplicate from the file, switched off by a step: the receiver gets the first event twice and the second once; exit 0', async () => {
    receiver.requests.length = 0
    receiver.answer = () => ({ status: 200, body: 'ok' })
    const result = await runCli(['scenario', 'run', exampleForReceiver('dupes.yaml')])
    expect(result.stderr).toBe('')
    expect(result.stdout).toMatch(/ok {4}step 4: faults test: off {2}test: no faults/)
    expect(result.stdout).toMatch(/ok {4}expect 2: webhooks: every event received twice \(twice\)/)
    expect(result.stdout).toContain('PASSED: 13 passed, 0 failed, 0 skipped')
    expect(result.code).toBe(0)
    // What the receiver itself saw: each copy correctly signed; the first charge's event id twice, the second's once.
    const succeeded = receiver.requests.filter((r) => r.body.includes('"transaction.succeeded"'))
    for (const request of succeeded) expect(verifyProviderSignature(EXAMPLE_SECRET, request)).toBe(true)
    const copies = (prefix: string) => {
      const ids = succeeded.filter((r) => r.body.includes(`"${prefix}-`)).map((r) => String(r.headers['webhook-id']))
      return { requests: ids.length, ids: new Set(ids).size }
    }
    expect(copies('twice')).toEqual({ requests: 2, ids: 1 })
    expect(copies('once')).toEqual({ requests: 1, ids: 1 })
  }, 60_000)

  it('a step switches duplicate on mid-run (and the file\'s other rules off); duplicated fails (exit 1) for an event the receiver got once', async () => {
    receiver.answer = () => ({ status: 200, body: 'ok' })
    const path = write('switch-on.yaml', [
      'name: switch on',
      'organization: { name: Switch Shop }',
      'apiKeys: { test: sk_test_switchon000000000000001 }',
      `webhooks: { url: "${receiver.url}" }`,
      'simulator: { mode: fast }',
      // Rules the step must switch off: afterwards only its own rule is on ("1 rule on").
      'faults:',
      '  test:',
      '    webhooks: [{ url: "http://127.0.0.1:9/other", faults: { tamper: true } }]',
      '    api: [{ scope: balance.get, faults: { latency: { minMs: 1 } } }]',
      'steps:',
      '  - { call: mobile.charge, body: { phoneNumber: "0712345678", amount: 1000, merchantTransactionId: "a-${runId}" }, as: before }',
      '  - { advance: 5s }',
      '  - { wait: { event: transaction.succeeded, transaction: before, attempted: true } }',
      `  - { faults: { test: { webhooks: [{ url: "${receiver.url}", faults: { duplicate: true } }] } } }`,
      '  - { call: mobile.charge, body: { phoneNumber: "0712345678", amount: 1000, merchantTransactionId: "b-${runId}" }, as: after }',
      '  - { advance: 5s }',
      '  - { wait: { event: transaction.succeeded, transaction: after, attempted: true } }',
      '  - { faults: off }',
      'expect:',
      '  - { webhooks: { duplicated: true, transaction: after } }',
      '  - { webhooks: { requests: 2, transaction: after } }',
      '  - { webhooks: { duplicated: true, transaction: before } }',
    ].join('\n'))
    const result = await runCli(['scenario', 'run', path])
    expect(result.stdout).toMatch(/ok {4}step 4: faults test: duplicate at http:\/\/127\.0\.0\.1:\d+\/hook {2}test: 1 rule on/)
    expect(result.stdout).toMatch(/ok {4}step 8: faults off {2}test: no faults, live: no faults/)
    expect(result.stdout).toMatch(/ok {4}expect 1: webhooks: every event received twice \(after\)/)
    expect(result.stdout).toMatch(/FAIL {2}expect 3: webhooks: every event received twice \(before\) {2}transaction\.succeeded evt_\w+ was sent 1 time\(s\)/)
    expect(result.stdout).toContain('FAILED: 10 passed, 1 failed, 0 skipped')
    expect(result.code).toBe(1)
  }, 60_000)
})
