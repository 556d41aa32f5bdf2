import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { killHard, startCli } from '../support/cli-process'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

/**
 * Reproducible runs (docs/simulator.md "Seeded runs"): the real CLI started twice with the same scenario,
 * seed and clock, given the same request sequence, answers byte for byte the same and sends the same
 * webhook bodies. (Signature headers carry wall-clock timestamps by contract, so only bodies are compared.)
 */
const folder = mkdtempSync(join(tmpdir(), 'paydesk-seeded-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const KEY = 'sk_test_seeded00000000000000001'

async function settled(receiver: WebhookReceiver, atLeast: number): Promise<void> {
  await receiver.waitForRequests(atLeast)
  // Then until nothing more arrives for a moment (balance.updated events follow the transaction events).
  let seen = -1
  while (seen !== receiver.requests.length) {
    seen = receiver.requests.length
    await new Promise((done) => setTimeout(done, 400))
  }
}

/** One run: a fresh sandbox on :memory:, a fixed sequence of requests (errors included), the bytes it produced. */
async function run(scenario: string, receiver: WebhookReceiver, seed: string): Promise<{ answers: string[]; webhooks: string[] }> {
  receiver.requests.length = 0
  const host = await startCli(['--db', ':memory:', '--scenario', scenario, '--seed', seed, '--clock', '2026-05-04T09:00:00Z', '--rate-limit', '0'])
  try {
    const token = /\?token=(\S+)/.exec(host.output())![1]!
    const answers: string[] = []
    const send = async (method: string, path: string, body?: unknown, console = false) => {
      const response = await fetch(host.url + path, {
        method,
        headers: { authorization: `Bearer ${console ? token : KEY}`, 'content-type': 'application/json', 'paydesk-environment': 'test' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await response.text()
      answers.push(`${method} ${path} ${response.status} ${response.headers.get('x-request-id')} ${text}`)
      return JSON.parse(text) as any
    }
    const charge = await send('POST', '/v1/mobile/charge', { phoneNumber: '0712345678', amount: 5_000, merchantTransactionId: 'order-1', webhookUrl: receiver.url })
    await send('POST', '/v1/mobile/charge', { phoneNumber: '0712345678', amount: 5, merchantTransactionId: 'order-2' })
    await send('GET', '/v1/transaction?transactionId=nope')
    await send('POST', '/v1/mobile/b2c', { phoneNumber: '0722000001', amount: 20_000, merchantTransactionId: 'payout-1', webhookUrl: receiver.url })
    await send('GET', '/console/simulator', undefined, true)
    await send('POST', '/console/simulator/advance', { ms: 5_000 }, true)
    await settled(receiver, 2)
    await send('GET', `/v1/transaction?transactionId=${charge.data.transactionId}`)
    await send('GET', '/v1/transactions?startDate=2026-01-01&endDate=2026-12-31')
    await send('GET', '/v1/accounts')
    return { answers, webhooks: receiver.requests.map((r) => r.body).sort() }
  } finally {
    await killHard(host)
  }
}

describe('seeded runs (--seed, --clock)', () => {
  it('two fresh runs with the same scenario, seed, clock and requests give byte-identical answers and webhook bodies', async () => {
    const receiver = await startWebhookReceiver()
    try {
      const scenario = join(folder, 'seeded.yaml')
      writeFileSync(scenario, [
        'organization: { name: Seeded Shop }',
        `apiKeys: { test: ${KEY} }`,
        `webhooks: { url: ${receiver.url} }`,
        'customers:',
        '  - { phoneNumber: "0712345678", balance: 100000 }',
      ].join('\n'))
      const first = await run(scenario, receiver, '7')
      const second = await run(scenario, receiver, '7')
      expect(first.webhooks.length).toBeGreaterThanOrEqual(4)
      expect(second.answers).toEqual(first.answers)
      expect(second.webhooks).toEqual(first.webhooks)
      // The simulated clock started at --clock and never read the wall clock.
      // 2026-05-04T09:00:00Z, plus 100 ms per request so far (docs/simulator.md "Seeded runs").
      expect(first.answers.find((a) => a.startsWith('GET /console/simulator'))).toContain('"now":1777885200500')
      expect(first.webhooks.every((body) => JSON.parse(body).created >= 1777885200 && JSON.parse(body).created < 1777885300)).toBe(true)
      // Another seed: other ids and request ids (receipts follow the simulated clock, which is the same).
      const other = await run(scenario, receiver, '8')
      expect(other.answers[0]).not.toEqual(first.answers[0])
      expect(other.webhooks).not.toEqual(first.webhooks)
    } finally {
      await receiver.close()
    }
  }, 60_000)
})
