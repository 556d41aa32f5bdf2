import { homedir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { SIMULATOR_MODES, type SimulatorMode } from '../service/simulator/plan'

export interface ServeOptions {
  port: number
  host: string
  dbPath: string
  apiKey?: string
  liveApiKey?: string
  webhookSecret?: string
  rateLimitPerMinute: number
  simulatorMode?: SimulatorMode
  consoleToken?: string
  seedTransactions: number
}

/** Each flag and its environment variable (DECISIONS "Running headless"). */
export const FLAGS = {
  port: { env: 'PAYDESK_PORT', help: 'HTTP port on 127.0.0.1 (0 = any free port)', default: '8787' },
  host: { env: 'PAYDESK_HOST', help: 'interface to bind; loopback unless you really mean it', default: '127.0.0.1' },
  db: { env: 'PAYDESK_DB', help: 'SQLite file, or :memory:', default: 'the user data folder' },
  'api-key': { env: 'PAYDESK_API_KEY', help: 'fix the demo test key (sk_test_…)' },
  'live-api-key': { env: 'PAYDESK_LIVE_API_KEY', help: 'fix the demo live key (sk_live_…)' },
  'webhook-secret': { env: 'PAYDESK_WEBHOOK_SECRET', help: 'fix the demo test webhook signing secret (whsec_…)' },
  'rate-limit': { env: 'PAYDESK_RATE_LIMIT', help: 'requests per minute per key; 0 = off', default: '600' },
  simulator: { env: 'PAYDESK_SIMULATOR', help: 'fast | realistic | interactive', default: 'fast (or the saved mode)' },
  'console-token': { env: 'PAYDESK_CONSOLE_TOKEN', help: 'fix the console token' },
  'seed-transactions': { env: 'PAYDESK_SEED_TRANSACTIONS', help: 'fill a fresh database with N historical transactions', default: '0' },
} as const

export class UsageError extends Error {
  /** The usage text of the command that was misused (default: serve's). */
  constructor(message: string, readonly usageText?: string) {
    super(message)
  }
}

/** Where the sandbox keeps its database when --db is not given. */
export function defaultDbPath(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return join(env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'paydesk', 'paydesk.db')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'paydesk', 'paydesk.db')
  return join(env['XDG_DATA_HOME'] ?? join(homedir(), '.local', 'share'), 'paydesk', 'paydesk.db')
}

/** Names a setting both ways, since the bad value may have come from either. */
function label(name: keyof typeof FLAGS): string {
  return `--${name} (${FLAGS[name].env})`
}

function integer(name: keyof typeof FLAGS, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`${label(name)} must be a whole number from ${min} to ${max} (got "${text}")`)
  return Number(text)
}

function parseFlags(argv: string[]): Record<string, string | undefined> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: Object.fromEntries(Object.keys(FLAGS).map((name) => [name, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    })
    return values as Record<string, string | undefined>
  } catch (error) {
    // An unknown flag, a missing value or a stray argument is a usage mistake like any bad value.
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}

/** Flags win over environment variables, which win over defaults. An empty environment variable counts as unset. */
export function parseServeOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): ServeOptions {
  const values = parseFlags(argv)
  const fromEnv = (name: keyof typeof FLAGS): string | undefined => {
    const value = env[FLAGS[name].env]
    return value === undefined || value === '' ? undefined : value
  }
  const get = (name: keyof typeof FLAGS): string | undefined => values[name] ?? fromEnv(name)
  const apiKey = get('api-key')
  if (apiKey !== undefined && !/^sk_test_[A-Za-z0-9]{8,128}$/.test(apiKey)) throw new UsageError(`${label('api-key')} must look like sk_test_ followed by 8-128 letters or digits`)
  const liveApiKey = get('live-api-key')
  if (liveApiKey !== undefined && !/^sk_live_[A-Za-z0-9]{8,128}$/.test(liveApiKey)) throw new UsageError(`${label('live-api-key')} must look like sk_live_ followed by 8-128 letters or digits`)
  const webhookSecret = get('webhook-secret')
  if (webhookSecret !== undefined && !/^whsec_[A-Za-z0-9+/]{16,}={0,2}$/.test(webhookSecret)) throw new UsageError(`${label('webhook-secret')} must look like whsec_ followed by base64`)
  const consoleToken = get('console-token')
  if (consoleToken !== undefined && !/^[A-Za-z0-9_-]{16,128}$/.test(consoleToken)) throw new UsageError(`${label('console-token')} must be 16-128 letters, digits, _ or -`)
  const simulator = get('simulator')
  if (simulator !== undefined && !SIMULATOR_MODES.includes(simulator as SimulatorMode)) throw new UsageError(`${label('simulator')} must be one of ${SIMULATOR_MODES.join(', ')}`)
  return {
    port: integer('port', get('port') ?? '8787', 0, 65_535),
    host: get('host') ?? '127.0.0.1',
    dbPath: get('db') ?? defaultDbPath(env),
    apiKey,
    liveApiKey,
    webhookSecret,
    rateLimitPerMinute: integer('rate-limit', get('rate-limit') ?? '600', 0, 10_000_000),
    simulatorMode: simulator as SimulatorMode | undefined,
    consoleToken,
    seedTransactions: integer('seed-transactions', get('seed-transactions') ?? '0', 0, 10_000_000),
  }
}

/** The commands that need no running sandbox (electron/cli/commands/). */
const OTHER_COMMANDS = `Other commands:
  paydesk doctor <url> --secret <whsec_…> [--json]     grade your webhook receiver (docs/webhooks.md)
  paydesk events sample <type> [--code <code>] [--secret <whsec_…>] [--json]   a signed sample event
`

export function usage(): string {
  const lines = Object.entries(FLAGS).map(([name, flag]) => {
    const fallback = 'default' in flag ? ` (default ${flag.default})` : ''
    return `  --${name.padEnd(18)} ${flag.env.padEnd(26)} ${flag.help}${fallback}`
  })
  return `Usage: paydesk serve [flags]\n\nFlag                  Environment variable       Meaning\n${lines.join('\n')}\n\n${OTHER_COMMANDS}`
}
