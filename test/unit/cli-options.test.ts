import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FLAGS, UsageError, defaultDbPath, parseServeOptions, usage } from '../../electron/cli/options'

const NO_ENV: NodeJS.ProcessEnv = {}

describe('parseServeOptions', () => {
  it('has the defaults a newcomer needs', () => {
    const options = parseServeOptions([], { XDG_DATA_HOME: '/data' })
    expect(options).toEqual({
      port: 8787, host: '127.0.0.1', dbPath: defaultDbPath({ XDG_DATA_HOME: '/data' }), apiKey: undefined, liveApiKey: undefined,
      webhookSecret: undefined, rateLimitPerMinute: 600, simulatorMode: undefined, consoleToken: undefined, seedTransactions: 0,
      scenarioPath: undefined, reset: false, seed: undefined, clockStart: undefined,
      strict: false,
    })
  })

  it('reads every setting from its environment variable', () => {
    const env = {
      PAYDESK_PORT: '9000', PAYDESK_HOST: '0.0.0.0', PAYDESK_DB: ':memory:', PAYDESK_API_KEY: 'sk_test_fromenv1234',
      PAYDESK_LIVE_API_KEY: 'sk_live_fromenv1234', PAYDESK_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', PAYDESK_RATE_LIMIT: '0',
      PAYDESK_SIMULATOR: 'realistic', PAYDESK_CONSOLE_TOKEN: 'console-token-from-env', PAYDESK_SEED_TRANSACTIONS: '25',
      PAYDESK_SCENARIO: 'qa/shop.yaml', PAYDESK_RESET: '1', PAYDESK_SEED: '42', PAYDESK_CLOCK: '2026-03-01T08:00:00Z',
      PAYDESK_STRICT: '1',
    }
    expect(parseServeOptions([], env)).toEqual({
      port: 9000, host: '0.0.0.0', dbPath: ':memory:', apiKey: 'sk_test_fromenv1234', liveApiKey: 'sk_live_fromenv1234',
      webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', rateLimitPerMinute: 0, simulatorMode: 'realistic',
      consoleToken: 'console-token-from-env', seedTransactions: 25, strict: true,
      scenarioPath: 'qa/shop.yaml', reset: true, seed: 42, clockStart: Date.UTC(2026, 2, 1, 8),
    })
  })

  it('lets flags win over environment variables', () => {
    const env = { PAYDESK_PORT: '9000', PAYDESK_API_KEY: 'sk_test_fromenv1234', PAYDESK_SIMULATOR: 'realistic', PAYDESK_DB: '/env.db' }
    const options = parseServeOptions(['--port', '0', '--api-key=sk_test_fromflag123', '--simulator', 'interactive', '--db', '/flag.db'], env)
    expect(options).toMatchObject({ port: 0, apiKey: 'sk_test_fromflag123', simulatorMode: 'interactive', dbPath: '/flag.db' })
  })

  it('reads --strict as a switch, and PAYDESK_STRICT as 1 or 0', () => {
    expect(parseServeOptions(['--strict'], NO_ENV).strict).toBe(true)
    expect(parseServeOptions(['--strict'], { PAYDESK_STRICT: '0' }).strict).toBe(true)
    expect(parseServeOptions([], { PAYDESK_STRICT: '0' }).strict).toBe(false)
    expect(parseServeOptions([], { PAYDESK_STRICT: 'true' }).strict).toBe(true)
    expect(() => parseServeOptions([], { PAYDESK_STRICT: 'yes please' })).toThrow(/--strict \(PAYDESK_STRICT\) must be 1 or 0/)
  })

  it('treats an empty environment variable as unset', () => {
    expect(parseServeOptions([], { PAYDESK_PORT: '', PAYDESK_API_KEY: '', PAYDESK_RATE_LIMIT: '' })).toMatchObject({ port: 8787, apiKey: undefined, rateLimitPerMinute: 600 })
  })

  it.each([
    [['--port', 'abc'], /--port \(PAYDESK_PORT\) must be a whole number from 0 to 65535 \(got "abc"\)/],
    [['--port', '65536'], /--port/],
    [['--port', '-1'], /--port|argument/],
    [['--rate-limit', '1.5'], /--rate-limit/],
    [['--seed-transactions', 'lots'], /--seed-transactions/],
    [['--seed', '-3'], /--seed|argument/],
    [['--seed', '4294967296'], /--seed \(PAYDESK_SEED\)/],
    [['--seed', '1', '--clock', 'yesterday'], /--clock \(PAYDESK_CLOCK\) must be an ISO time/],
    [['--clock', '2026-01-01T00:00:00Z'], /--clock \(PAYDESK_CLOCK\) needs --seed/],
    [['--reset', 'yes'], /argument|Unexpected/],
    [['--api-key', 'sk_live_abcdefgh123'], /--api-key \(PAYDESK_API_KEY\) must look like sk_test_/],
    [['--api-key', 'sk_test_short'], /--api-key/],
    [['--live-api-key', 'sk_test_abcdefgh123'], /--live-api-key/],
    [['--webhook-secret', 'secret'], /--webhook-secret/],
    [['--console-token', 'short'], /--console-token/],
    [['--simulator', 'slow'], /--simulator \(PAYDESK_SIMULATOR\) must be one of fast, realistic, interactive/],
    [['--verbose'], /Unknown option '--verbose'/],
    [['extra'], /positional argument/],
    [['--port'], /argument missing/],
  ])('refuses %j with a UsageError', (argv, message) => {
    expect(() => parseServeOptions(argv, NO_ENV)).toThrow(UsageError)
    expect(() => parseServeOptions(argv, NO_ENV)).toThrow(message)
  })

  it('refuses bad values from environment variables too, naming the variable', () => {
    expect(() => parseServeOptions([], { PAYDESK_PORT: 'eighty' })).toThrow(/PAYDESK_PORT/)
    expect(() => parseServeOptions([], { PAYDESK_SIMULATOR: 'turbo' })).toThrow(UsageError)
  })
})

describe('defaultDbPath', () => {
  it('follows each platform\'s data folder convention', () => {
    expect(defaultDbPath({ XDG_DATA_HOME: '/xdg' }, 'linux')).toBe(join('/xdg', 'paydesk', 'paydesk.db'))
    expect(defaultDbPath({ APPDATA: 'C:\\AppData' }, 'win32')).toBe(join('C:\\AppData', 'paydesk', 'paydesk.db'))
    expect(defaultDbPath({}, 'darwin')).toMatch(/Library[/\\]Application Support[/\\]paydesk[/\\]paydesk\.db$/)
  })
})

describe('usage', () => {
  it('lists every flag with its environment variable', () => {
    const text = usage()
    for (const [name, flag] of Object.entries(FLAGS)) {
      expect(text).toContain(`--${name}`)
      expect(text).toContain(flag.env)
    }
  })
})
