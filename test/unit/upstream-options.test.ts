import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseServeOptions, UsageError } from '../../electron/cli/options'

/** The --upstream* flags and their PAYDESK_UPSTREAM_* variables (docs/upstream.md). */
const folder = mkdtempSync(join(tmpdir(), 'paydesk-upstream-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function keyFile(name: string, key: string, mode = 0o600): string {
  const path = join(folder, name)
  writeFileSync(path, `${key}\n`)
  chmodSync(path, mode)
  return path
}

const refusal = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  try {
    parseServeOptions(argv, env)
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    return (error as Error).message
  }
  throw new Error('accepted')
}

describe('the --upstream flags', () => {
  it('reads the key from an owner-only file, takes a trailing /v1 and applies the defaults', () => {
    const options = parseServeOptions(['--upstream', 'https://api.provider.example/v1', '--upstream-key-file', keyFile('k1', 'sk_test_abcdefgh1234')], {})
    expect(options.upstream).toEqual({
      url: 'https://api.provider.example', key: 'sk_test_abcdefgh1234', mode: 'read', since: undefined, pollSeconds: 60, lookbackDays: 3, ratePerMinute: 600, timeoutMs: 15_000,
    })
  })

  it('takes every setting from its variable, the key itself from PAYDESK_UPSTREAM_KEY', () => {
    const options = parseServeOptions([], {
      PAYDESK_UPSTREAM_URL: 'http://127.0.0.1:9000', PAYDESK_UPSTREAM_KEY: 'sk_test_fromvariable99', PAYDESK_UPSTREAM_MODE: 'operate', PAYDESK_UPSTREAM_SINCE: '2026-01-31',
      PAYDESK_UPSTREAM_POLL: '5', PAYDESK_UPSTREAM_LOOKBACK: '2', PAYDESK_UPSTREAM_RATE_LIMIT: '120', PAYDESK_UPSTREAM_TIMEOUT: '2000',
    })
    expect(options.upstream).toEqual({ url: 'http://127.0.0.1:9000', key: 'sk_test_fromvariable99', mode: 'operate', since: '2026-01-31', pollSeconds: 5, lookbackDays: 2, ratePerMinute: 120, timeoutMs: 2000 })
  })

  it('refuses a live key without --upstream-allow-live, and takes it with', () => {
    const live = keyFile('live', 'sk_live_realmoney0001')
    expect(refusal(['--upstream', 'https://p.example', '--upstream-key-file', live])).toMatch(/live key.*--upstream-allow-live/)
    expect(parseServeOptions(['--upstream', 'https://p.example', '--upstream-key-file', live, '--upstream-allow-live'], {}).upstream?.key).toBe('sk_live_realmoney0001')
    expect(parseServeOptions(['--upstream', 'https://p.example'], { PAYDESK_UPSTREAM_KEY: 'sk_live_realmoney0001', PAYDESK_UPSTREAM_ALLOW_LIVE: '1' }).upstream?.key).toBe('sk_live_realmoney0001')
  })

  it('refuses what cannot be right, naming the flag', () => {
    const key = keyFile('k2', 'sk_test_abcdefgh1234')
    expect(refusal(['--upstream', 'http://provider.example', '--upstream-key-file', key])).toMatch(/https/)
    expect(refusal(['--upstream', 'https://p.example'])).toMatch(/needs the provider key/)
    expect(refusal(['--upstream', 'https://p.example', '--upstream-key-file', keyFile('open', 'sk_test_abcdefgh1234', 0o644)])).toMatch(/readable by others/)
    expect(refusal(['--upstream', 'https://p.example', '--upstream-key-file', keyFile('bad', 'not-a-key')])).toMatch(/sk_test_/)
    expect(refusal(['--upstream', 'https://p.example', '--upstream-key-file', key, '--upstream-poll', '0'])).toMatch(/--upstream-poll/)
    expect(refusal(['--upstream', 'https://p.example', '--upstream-key-file', key, '--upstream-mode', 'write'])).toMatch(/read or operate/)
    expect(refusal(['--upstream', 'https://p.example', '--upstream-key-file', key, '--upstream-since', '2026-02-30'])).toMatch(/YYYY-MM-DD/)
    expect(refusal(['--upstream', 'https://p.example', '--upstream-key-file', key, '--seed-transactions', '10'])).toMatch(/seed-transactions/)
    expect(refusal(['--upstream-key-file', key])).toMatch(/needs --upstream/)
  })
})

describe('the --upstream-webhook flags', () => {
  const base = () => ['--upstream', 'https://p.example', '--upstream-key-file', keyFile('k3', 'sk_test_abcdefgh1234')]
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

  it('takes the address and the secret from an owner-only file, or both from their variables', () => {
    const options = parseServeOptions([...base(), '--upstream-webhook-url', 'https://paydesk.example.com/upstream/webhooks', '--upstream-webhook-secret-file', keyFile('s1', secret)], {})
    expect(options.upstream?.webhook).toEqual({ url: 'https://paydesk.example.com/upstream/webhooks', secret })
    const fromVariables = parseServeOptions(base(), { PAYDESK_UPSTREAM_WEBHOOK_URL: 'http://127.0.0.1:8787/upstream/webhooks', PAYDESK_UPSTREAM_WEBHOOK_SECRET: secret })
    expect(fromVariables.upstream?.webhook).toEqual({ url: 'http://127.0.0.1:8787/upstream/webhooks', secret })
    expect(parseServeOptions(base(), {}).upstream?.webhook).toBeUndefined()
  })

  it('refuses one without the other, plain http beyond loopback, an open secret file, a short secret, and either without --upstream', () => {
    const file = keyFile('s2', secret)
    expect(refusal([...base(), '--upstream-webhook-url', 'https://paydesk.example.com/upstream/webhooks'])).toMatch(/go together/)
    expect(refusal([...base(), '--upstream-webhook-secret-file', file])).toMatch(/go together/)
    expect(refusal(base(), { PAYDESK_UPSTREAM_WEBHOOK_SECRET: secret })).toMatch(/go together/)
    expect(refusal([...base(), '--upstream-webhook-url', 'http://paydesk.example.com/upstream/webhooks', '--upstream-webhook-secret-file', file])).toMatch(/--upstream-webhook-url.*https/)
    expect(refusal([...base(), '--upstream-webhook-url', 'not a url', '--upstream-webhook-secret-file', file])).toMatch(/not a URL/)
    expect(refusal([...base(), '--upstream-webhook-url', 'https://paydesk.example.com/h', '--upstream-webhook-secret-file', keyFile('s3', secret, 0o640)])).toMatch(/--upstream-webhook-secret-file.*readable by others/)
    expect(refusal([...base(), '--upstream-webhook-url', 'https://paydesk.example.com/h', '--upstream-webhook-secret-file', keyFile('s4', 'short')])).toMatch(/at least 16 characters/)
    expect(refusal(['--upstream-webhook-url', 'https://paydesk.example.com/h', '--upstream-webhook-secret-file', file])).toMatch(/need --upstream/)
  })

  it('never puts the secret in a refusal', () => {
    const message = refusal([...base(), '--upstream-webhook-secret-file', keyFile('s5', secret)])
    expect(message).not.toContain(secret)
  })
})
