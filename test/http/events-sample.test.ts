import { afterEach, describe, expect, it, vi } from 'vitest'
import { Webhook } from 'standardwebhooks'
import { eventsCommand } from '../../electron/cli/commands/events'
import { UsageError } from '../../electron/cli/options'
import { SAMPLE_EVENT_TYPES, codesOf } from '../../electron/service/doctor/sample-events'
import { WebhookEnvelopeSchema } from '../../shared/schemas/webhooks'
import { verifyProviderSignature } from '../support/webhook-receiver'
import { runCli } from '../support/cli-run'

/**
 * `paydesk events sample <type> [--code] [--secret] [--json]`: every event type of docs/webhooks.md and
 * every failure code of docs/simulator.md, verified with the standardwebhooks package and with node:crypto.
 */
const SECRET = 'whsec_c2FtcGxlLWV2ZW50cy1zaWduaW5nLXNlY3JldC0wMQ=='

interface Sample {
  type: string
  secret: string
  headers: Record<string, string>
  body: string
}

/** Runs the command in this process and returns what it printed. */
async function run(args: string[]): Promise<string> {
  let printed = ''
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed += String(chunk)
    return true
  })
  try {
    await eventsCommand(args)
  } finally {
    write.mockRestore()
  }
  return printed
}

function verifyBoth(sample: Sample, secret: string): void {
  expect(new Webhook(secret).verify(sample.body, sample.headers)).toEqual(JSON.parse(sample.body))
  expect(verifyProviderSignature(secret, { path: '/', headers: sample.headers, body: sample.body })).toBe(true)
}

afterEach(() => vi.restoreAllMocks())

describe('paydesk events sample', () => {
  const cases: [string, string | undefined][] = SAMPLE_EVENT_TYPES.flatMap((type): [string, string | undefined][] => {
    const codes = Object.keys(codesOf(type))
    return codes.length === 0 ? [[type, undefined]] : codes.map((code) => [type, code])
  })

  it('covers every type of the catalogue and every failure code', () => {
    expect(cases.map(([type]) => type)).toEqual(expect.arrayContaining([
      'transaction.succeeded', 'transaction.failed', 'transaction.creation_failed', 'transaction.reversed',
      'payout.succeeded', 'payout.failed', 'balance.updated', 'test.event',
    ]))
    expect(cases.filter(([type]) => type === 'transaction.failed').map(([, code]) => code).sort()).toEqual(['1', '1001', '1032', '1037', '2001'])
    expect(cases.filter(([type]) => type === 'payout.failed').map(([, code]) => code).sort()).toEqual(['1', '1001', '1032', '1037', '2001'])
  })

  it.each(cases)('%s %s: a realistic envelope whose headers verify with standardwebhooks and node:crypto', async (type, code) => {
    const sample = JSON.parse(await run(['sample', type, '--secret', SECRET, '--json', ...(code ? ['--code', code] : [])])) as Sample
    verifyBoth(sample, SECRET)
    const envelope = WebhookEnvelopeSchema.parse(JSON.parse(sample.body))
    expect(envelope.type).toBe(type)
    expect(sample.headers['webhook-id']).toBe(envelope.id)
    if (code) expect(envelope.error?.code).toBe(code)
    else expect(envelope.error).toBeUndefined()
    expect(envelope.data).toBeTruthy()
  })

  it('makes up a secret when none is given, and says so', async () => {
    const text = await run(['sample', 'payout.succeeded'])
    const secret = /^# secret: (whsec_\S+) \(made up/m.exec(text)![1]!
    const lines = text.trimEnd().split('\n')
    const headers = Object.fromEntries(lines.filter((line) => !line.startsWith('#') && line.includes(': ')).map((line) => line.split(': ') as [string, string]))
    verifyBoth({ type: 'payout.succeeded', secret, headers, body: lines[lines.length - 1]! }, secret)
  })

  it('refuses unknown types, codes a type does not take, and bad secrets', async () => {
    await expect(run(['sample', 'transaction.exploded'])).rejects.toThrow(UsageError)
    await expect(run(['sample', 'transaction.failed', '--code', '9999'])).rejects.toThrow(/unknown code 9999/)
    await expect(run(['sample', 'balance.updated', '--code', '1032'])).rejects.toThrow(/carries no error code/)
    await expect(run(['sample', 'test.event', '--secret', 'nope'])).rejects.toThrow(/--secret/)
  })

  it('runs as the real command (text output signs the printed body)', async () => {
    const { code, stdout } = await runCli(['events', 'sample', 'transaction.failed', '--code', '1037', '--secret', SECRET])
    expect(code).toBe(0)
    const lines = stdout.trimEnd().split('\n')
    const headers = Object.fromEntries(lines.filter((line) => !line.startsWith('#') && line.includes(': ')).map((line) => line.split(': ') as [string, string]))
    verifyBoth({ type: 'transaction.failed', secret: SECRET, headers, body: lines[lines.length - 1]! }, SECRET)
    expect(JSON.parse(lines[lines.length - 1]!).error).toEqual({ code: '1037', message: 'DS timeout user cannot be reached.' })
  })
})
