import { homedir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { SIMULATOR_MODES, type SimulatorMode, type UpstreamSettings } from '../service'
import { parseUpstreamOptions, UpstreamOptionError } from './upstream-options'

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
  scenarioPath?: string
  reset: boolean
  seed?: number
  clockStart?: number
  /** Strict request checks for every organization (warnings become 400s). */
  strict: boolean
  /** Team mode: console callers sign in (docs/security.md); absent: off. */
  team?: true
  /** `--upstream*`: mirror the merchant's provider account (docs/upstream.md). */
  upstream?: UpstreamSettings
  /** PEM files: serve HTTPS with node's TLS. */
  tlsCert?: string
  tlsKey?: string
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
  scenario: { env: 'PAYDESK_SCENARIO', help: 'start from a scenario file (YAML or JSON; docs/scenarios.md)' },
  reset: { env: 'PAYDESK_RESET', help: 'erase an existing database first (with --scenario); a flag, or 1 in the variable', boolean: true },
  seed: { env: 'PAYDESK_SEED', help: 'reproducible run: seeded ids and a simulated clock that never reads the wall clock' },
  clock: { env: 'PAYDESK_CLOCK', help: 'ISO time the simulated clock starts at (with --seed; default 2026-01-01T00:00:00Z)' },
  strict: { env: 'PAYDESK_STRICT', help: 'strict request checks: refuse (400) what is otherwise answered with a Paydesk-Warning', default: 'off', boolean: true },
  team: { env: 'PAYDESK_TEAM', help: 'team mode: console users sign in with a name and password (docs/security.md)', default: 'off', boolean: true },
  'tls-cert': { env: 'PAYDESK_TLS_CERT', help: 'PEM certificate (chain) file: serve HTTPS (with --tls-key)' },
  'tls-key': { env: 'PAYDESK_TLS_KEY', help: 'PEM private key file of --tls-cert' },
  upstream: { env: 'PAYDESK_UPSTREAM_URL', help: "mirror the provider account at this base URL (https, or http to loopback; docs/upstream.md)" },
  'upstream-key-file': { env: 'PAYDESK_UPSTREAM_KEY', help: 'file with the provider key (owner-only); the variable holds the key itself' },
  'upstream-allow-live': { env: 'PAYDESK_UPSTREAM_ALLOW_LIVE', help: 'accept a live provider key (sk_live_…: real money)', default: 'off', boolean: true },
  'upstream-mode': { env: 'PAYDESK_UPSTREAM_MODE', help: 'read | operate', default: 'read' },
  'upstream-since': { env: 'PAYDESK_UPSTREAM_SINCE', help: 'backfill from this day, YYYY-MM-DD', default: '30 days back' },
  'upstream-poll': { env: 'PAYDESK_UPSTREAM_POLL', help: 'seconds between syncs, at least 1', default: '60' },
  'upstream-lookback': { env: 'PAYDESK_UPSTREAM_LOOKBACK', help: 'days read again at every sync', default: '3' },
  'upstream-rate-limit': { env: 'PAYDESK_UPSTREAM_RATE_LIMIT', help: "the provider's requests per minute for the account", default: '600' },
  'upstream-timeout': { env: 'PAYDESK_UPSTREAM_TIMEOUT', help: 'ms to wait for a provider answer', default: '15000' },
  'upstream-webhook-url': { env: 'PAYDESK_UPSTREAM_WEBHOOK_URL', help: "this server's public address for the provider's webhooks (POST /upstream/webhooks; https, or http to loopback)" },
  'upstream-webhook-secret-file': { env: 'PAYDESK_UPSTREAM_WEBHOOK_SECRET', help: 'file with the secret the provider signs webhooks with (owner-only); the variable holds the secret itself' },
} as const

const isBoolean = (name: string): boolean => 'boolean' in FLAGS[name as keyof typeof FLAGS]

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
      options: Object.fromEntries(Object.keys(FLAGS).map((name) => [name, { type: isBoolean(name) ? 'boolean' as const : 'string' as const }])),
      strict: true,
      allowPositionals: false,
    })
    return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === true ? '1' : v === false ? undefined : v])) as Record<string, string | undefined>
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
  const seed = get('seed')
  if (seed !== undefined && !/^\d{1,10}$/.test(seed)) throw new UsageError(`${label('seed')} must be a whole number from 0 to 4294967295 (got "${seed}")`)
  const clock = get('clock')
  const clockStart = clock === undefined ? undefined : Date.parse(clock)
  if (clock !== undefined && (!/^\d{4}-\d{2}-\d{2}T/.test(clock) || !Number.isFinite(clockStart))) throw new UsageError(`${label('clock')} must be an ISO time such as 2026-01-01T09:00:00Z (got "${clock}")`)
  if (clock !== undefined && seed === undefined) throw new UsageError(`${label('clock')} needs --seed (PAYDESK_SEED): only a seeded run has its own clock`)
  const reset = get('reset')
  if (reset !== undefined && reset !== '1' && reset !== 'true') throw new UsageError(`${label('reset')} is a flag; in the variable use 1`)
  const strict = get('strict')
  if (strict !== undefined && !['1', '0', 'true', 'false'].includes(strict)) throw new UsageError(`${label('strict')} must be 1 or 0 (got "${strict}")`)
  const team = get('team')
  if (team !== undefined && !['1', '0', 'true', 'false'].includes(team)) throw new UsageError(`${label('team')} must be 1 or 0 (got "${team}")`)
  if (values['upstream'] ?? fromEnv('upstream')) {
    // Seeding and scenarios write the demo organization's test environment: never into a mirror.
    if ((get('seed-transactions') ?? '0') !== '0' || get('scenario') !== undefined) throw new UsageError(`${label('upstream')} cannot be combined with --seed-transactions or --scenario: the connected environment holds only what the provider has`)
  }
  const tlsCert = get('tls-cert')
  const tlsKey = get('tls-key')
  if ((tlsCert === undefined) !== (tlsKey === undefined)) throw new UsageError(`${label('tls-cert')} and ${label('tls-key')} go together`)
  return {
    upstream: upstreamOf(values, get as (name: string) => string | undefined, env),
    team: team === '1' || team === 'true' ? true : undefined,
    tlsCert,
    tlsKey,
    scenarioPath: get('scenario'),
    reset: reset !== undefined,
    seed: seed === undefined ? undefined : integer('seed', seed, 0, 4_294_967_295),
    clockStart,
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
    strict: strict === '1' || strict === 'true',
  }
}

function upstreamOf(values: Record<string, string | undefined>, get: (name: string) => string | undefined, env: NodeJS.ProcessEnv): UpstreamSettings | undefined {
  try {
    return parseUpstreamOptions(values, get, env)
  } catch (error) {
    if (error instanceof UpstreamOptionError) throw new UsageError(error.message)
    throw error
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
