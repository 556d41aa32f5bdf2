import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { killHard, startCli } from '../support/cli-process'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'
import { runCli } from '../support/cli-run'

/** `paydesk scenario run`: the real CLI plays a flow against a sandbox, checks it, prints a timeline, writes JUnit XML. */
const folder = mkdtempSync(join(tmpdir(), 'paydesk-run-'))
let receiver: WebhookReceiver
beforeAll(async () => {
  receiver = await startWebhookReceiver()
})
afterAll(async () => {
  await receiver.close()
  rmSync(folder, { recursive: true, force: true })
})

/** `paydesk scenario …` run to its end, as from a shell. */
const scenario = (args: string[], env: Record<string, string> = {}) => runCli(['scenario', ...args], env)

/** A fast-mode flow whose webhooks go to the test's receiver, with the expectations given. */
function flow(name: string, expectations: string[]): string {
  const path = join(folder, name)
  writeFileSync(path, [
    `name: ${name}`,
    'organization: { name: Flow Shop }',
    'apiKeys: { test: sk_test_runflow000000000000001 }',
    `webhooks: { url: "${receiver.url}" }`,
    'simulator: { mode: fast }',
    'customers:',
    '  - { phoneNumber: "0712345678", balance: 100000 }',
    'steps:',
    '  - call: mobile.charge',
    '    body: { phoneNumber: "0712345678", amount: 40000, merchantTransactionId: "o-${runId}" }',
    '    as: order',
    '  - { advance: 5s }',
    '  - { wait: { event: transaction.succeeded, transaction: order } }',
    '  - { settle: order }',
    'expect:',
    ...expectations.map((e) => `  - ${e}`),
  ].join('\n'))
  return path
}

describe('paydesk scenario run', () => {
  it('runs the example flow (busy phone, cancel, payout, reversal, a day passing): exit 0 and a JUnit report with no failures', async () => {
    const report = join(folder, 'reports', 'example.xml')
    const result = await scenario(['run', 'examples/scenarios/checkout-flow.yaml', '--junit', report])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/ok {4}step 3: handset: approve order1 {2}txn_\w+ -> completed/)
    expect(result.stdout).toContain('PASSED: 23 passed, 0 failed, 0 skipped')
    const xml = readFileSync(report, 'utf8')
    expect(xml).toContain('<testsuite name="Checkout, busy phone, cancel, payout and reversal" tests="23" failures="0" skipped="0"')
    expect(xml).toContain('<testcase name="expect 5: customer 0712345678: balance 500000" classname="expectations"')
  }, 60_000)

  it('checks webhooks: every event answered 2xx, in order, request counts', async () => {
    receiver.answer = () => ({ status: 200 })
    const path = flow('webhooks-pass.yaml', [
      '{ webhooks: { allAnswered2xx: true } }',
      '{ webhooks: { inOrder: [transaction.succeeded], transaction: order, requests: 1 } }',
      '{ transaction: order, status: settled }',
      '{ customer: "0712345678", balance: 60000 }',
    ])
    const result = await scenario(['run', path])
    expect(result.stdout).toContain('PASSED: 8 passed')
    expect(result.code).toBe(0)
  }, 60_000)

  it('fails with exit 1 and names each failed expectation in the timeline and the JUnit file', async () => {
    // The receiver refuses the charge's event: "every event answered 2xx" must fail.
    receiver.answer = (request) => (request.body.includes('"transaction.succeeded"') ? { status: 500, body: 'down' } : { status: 200 })
    const report = join(folder, 'fail.xml')
    const path = flow('webhooks-fail.yaml', [
      '{ webhooks: { allAnswered2xx: true } }',
      '{ webhooks: { inOrder: [transaction.failed, transaction.succeeded], transaction: order } }',
      '{ transaction: order, status: failed }',
      '{ account: "9999999999", available: 1 }',
      '{ customer: "0712345678", balance: 100000 }',
    ])
    const result = await scenario(['run', path, '--junit', report])
    receiver.answer = () => ({ status: 200 })
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/FAIL {2}expect 1: webhooks: every event answered 2xx {2}transaction\.succeeded evt_\w+ was answered 500/)
    expect(result.stdout).toMatch(/FAIL {2}expect 2: .*missing transaction\.failed -> transaction\.succeeded in that order/)
    expect(result.stdout).toMatch(/FAIL {2}expect 3: transaction order: status "failed" {2}status is "settled", expected "failed"/)
    expect(result.stdout).toContain('no account 9999999999')
    expect(result.stdout).toContain('balance is 60000, expected 100000')
    expect(result.stdout).toContain('FAILED: 4 passed, 5 failed, 0 skipped')
    const xml = readFileSync(report, 'utf8')
    expect(xml).toContain('tests="9" failures="5" skipped="0"')
    expect(xml).toContain('<failure message="status is &quot;settled&quot;, expected &quot;failed&quot;">')
  }, 60_000)

  it('a failing step stops the run: later steps and the expectations are skipped', async () => {
    const path = join(folder, 'step-fail.yaml')
    writeFileSync(path, [
      'organization: { name: Step Fail }',
      'apiKeys: { test: sk_test_stepfail0000000000001 }',
      'steps:',
      '  - { call: mobile.charge, body: { phoneNumber: "0712345678", amount: 5, merchantTransactionId: x1 }, as: bad }',
      '  - { advance: 1s }',
      'expect:',
      '  - { transaction: bad, status: completed }',
    ].join('\n'))
    const report = join(folder, 'step-fail.xml')
    const result = await scenario(['run', path, '--junit', report])
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/FAIL {2}step 1: call mobile.charge as bad {2}POST \/v1\/mobile\/charge -> 400 invalid_parameter: amount must be/)
    expect(result.stdout).toContain('FAILED: 0 passed, 1 failed, 2 skipped')
    expect(readFileSync(report, 'utf8')).toContain('<skipped message="an earlier step failed"/>')
  }, 60_000)

  it('targets a running sandbox with --url (started from the same file)', async () => {
    const host = await startCli(['--db', ':memory:', '--scenario', 'examples/scenarios/checkout-flow.yaml'])
    try {
      const token = /\?token=(\S+)/.exec(host.output())![1]!
      const result = await scenario(['run', 'examples/scenarios/checkout-flow.yaml', '--url', `${host.url}/v1`], { PAYDESK_CONSOLE_TOKEN: token })
      expect(result.stdout).toContain('PASSED: 23 passed')
      expect(result.code).toBe(0)
      expect(result.stdout).not.toContain('Sandbox from')
    } finally {
      await killHard(host)
    }
  }, 60_000)

  // Three CLI processes, each a few seconds to start on a busy machine.
  it('check validates a file: exit 0, or 2 with file, line and field', async () => {
    expect((await scenario(['check', 'examples/scenarios/checkout-flow.yaml'])).code).toBe(0)
    const bad = join(folder, 'bad-flow.yaml')
    writeFileSync(bad, 'steps:\n  - { answer: maybe, transaction: x }\n')
    const result = await scenario(['check', bad])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/bad-flow\.yaml:2:\d+ steps\[0\]\.answer: /)
    // Problems only applying finds (history the float cannot pay) are located too.
    const thin = join(folder, 'thin.yaml')
    writeFileSync(thin, 'accounts: [{ type: payouts, accountNo: "3200000009", available: 100 }]\ntransactions:\n  - { type: b2c, phoneNumber: "0712345678", amount: 5000, status: completed }\n')
    const applied = await scenario(['check', thin])
    expect(applied.code).toBe(2)
    expect(applied.stderr).toMatch(/thin\.yaml:3:\d+ transactions\[0\]\.amount: payouts account 3200000009 holds 100/)
  }, 60_000)
})

describe('paydesk scenario run: handset answers, timed steps, seeds', () => {
  it('wrong PIN, no answer and steps at given simulated times', async () => {
    const path = join(folder, 'handset.yaml')
    writeFileSync(path, [
      'name: Handset answers',
      'organization: { name: Handset Shop }',
      'apiKeys: { test: sk_test_handset00000000000001 }',
      'simulator: { mode: interactive }',
      'customers:',
      '  - { phoneNumber: "0712000101", balance: 100000 }',
      '  - { phoneNumber: "0712000102", balance: 100000 }',
      'steps:',
      '  - { call: mobile.charge, body: { phoneNumber: "0712000101", amount: 1000, merchantTransactionId: "p-${runId}" }, as: pin }',
      '  - { answer: wrong_pin, transaction: pin }',
      '  - { at: 1h, call: mobile.charge, body: { phoneNumber: "0712000102", amount: 1000, merchantTransactionId: "q-${runId}" }, as: silent }',
      '  - { answer: no_answer, transaction: silent }',
      '  - { wait: { transaction: silent, status: failed, timeout: 5s } }',
      '  - { at: 30m, advance: 1s }',
      'expect:',
      '  - { transaction: pin, status: failed, message: "The initiator information is invalid." }',
      '  - { transaction: silent, status: failed, message: "DS timeout user cannot be reached." }',
      '  - { customer: "0712000101", balance: 100000 }',
    ].join('\n'))
    const result = await scenario(['run', path])
    expect(result.stdout).toMatch(/ok {4}step 3: at \+1h: call mobile\.charge as silent {2}\(clock \+\d+ ms\) POST/)
    // 30 minutes after the start has already passed: that step runs at once.
    expect(result.stdout).toMatch(/ok {4}step 6: at \+30m: advance the clock 1000 ms {2}simulated now/)
    expect(result.stdout).toContain('PASSED: 9 passed, 0 failed, 0 skipped')
    expect(result.code).toBe(0)
  }, 60_000)

  it('with --seed and --clock, two runs print the same timeline (ids, receipts, simulated times)', async () => {
    const args = ['run', 'examples/scenarios/checkout-flow.yaml', '--seed', '5', '--clock', '2026-02-02T08:00:00Z']
    const strip = (out: string) => out.replace(/^\+ *[\d.]+s/gm, '').replace(/in [\d.]+ s$/m, '').replace(/at http:\S+/, '')
    const first = await scenario(args)
    const second = await scenario(args)
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('simulated now 2026-02-02T08:')
    expect(strip(second.stdout)).toBe(strip(first.stdout))
  }, 60_000)
})
