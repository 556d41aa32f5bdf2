import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { generateOpenApi } from '../../shared/api/openapi'
import { consoleUrl } from '../../shared/console-url'
import { createService, HOST_TICK, startTicker, VERSION, type PaydeskService } from '../service'
import { startHttpServer } from '../http/server'
import { doctorCommand } from './commands/doctor'
import { eventsCommand } from './commands/events'
import { helpJson, helpText } from './commands/help'
import { printJson, takeJsonFlag } from './json-output'
import { sandboxCommand } from './commands/sandbox'
import { scenarioCommand } from './commands/scenario'
import { snapshotCommand } from './commands/snapshot'
import { usersCommand } from './commands/users'
import { parseServeOptions, usage, UsageError, type ServeOptions } from './options'
import { prepareScenario, runLines, ScenarioStartError, scenarioErrorText } from './serve-scenario'
import { consoleWebRoot } from './web-root'
import { isLoopbackHost } from '../http/console-origin'
import { consoleTokenWeakness } from './console-token-strength'

/** The certificate and key files of --tls-cert/--tls-key, read once at start. */
function readTls(options: ServeOptions): { cert: Buffer; key: Buffer } | undefined {
  if (options.tlsCert === undefined || options.tlsKey === undefined) return undefined
  return { cert: readFileSync(options.tlsCert), key: readFileSync(options.tlsKey) }
}

/**
 * `paydesk mcp` is loaded only when asked for: the MCP SDK would double the bundle every command parses at
 * start. The compiled CLI has it as its own bundle beside this one (scripts/build-cli.mjs: dist-cli/mcp.cjs);
 * from source it is the TypeScript module. The path is computed so the bundler leaves it out of this file.
 */
function loadMcpCommand(): typeof import('./commands/mcp') {
  const bundled = join(__dirname, 'mcp.cjs')
  return require(existsSync(bundled) ? bundled : join(__dirname, 'commands', 'mcp')) as typeof import('./commands/mcp')
}

function banner(service: PaydeskService, url: string, options: ServeOptions): string {
  const s = service.startup
  const weakness = consoleTokenWeakness(service.consoleToken)
  const key = (label: string, value: string | undefined, env: string) =>
    `  ${label.padEnd(16)}${value ?? `(stored hashed; shown when created. Fix one with ${env} or create one in the console)`}`
  return [
    'Paydesk sandbox is ready',
    `  API base URL    ${url}/v1`,
    ...consoleLines(service, url, options),
    ...(weakness ? [`  Warning         ${weakness}`] : []),
    `  OpenAPI         ${url}/openapi.json`,
    key('Test API key', s.testKey, 'PAYDESK_API_KEY'),
    key('Live API key', s.liveKey, 'PAYDESK_LIVE_API_KEY'),
    `  Webhook secret  ${s.testWebhookSecret} (test)`,
    `  Database        ${options.dbPath}${s.freshDatabase ? ' (new)' : ''}`,
    `  Simulator       ${s.simulatorMode}`,
    ...(options.upstream ? [`  Provider        ${options.upstream.url} (${options.upstream.key.startsWith('sk_live_') ? 'live' : 'test'} environment mirrors it, key …${options.upstream.key.slice(-4)}, ${options.upstream.mode})`] : []),
    ...(options.upstream?.webhook ? [`  Provider hints  ${options.upstream.webhook.url} (the provider's webhooks, signature checked)`] : []),
    ...runLines(service, options),
    'Press Ctrl+C to stop.',
  ].join('\n')
}

/**
 * Team mode: people sign in at the console's own address, and the console token is automation's machine
 * credential. A team server reachable beyond loopback without TLS says that passwords would cross the
 * network in clear (docs/security.md shows a reverse proxy that adds TLS).
 */
function consoleLines(service: PaydeskService, url: string, options: ServeOptions): string[] {
  if (!options.team) return [`  Console         ${consoleUrl(url, service.consoleToken)}`]
  const lines = [
    `  Console         ${url}/ (team mode: sign in with a name and password)`,
    `  Console token   ${service.consoleToken} (automation: creates the first users; CI and the CLI)`,
  ]
  // A new team server has nobody to sign in: a one-time link to "Create the owner" (or `paydesk users add --role owner`).
  const setup = service.ownerSetupToken()
  if (setup !== null) lines.push(`  Set up          ${ownerSetupUrl(url, setup)} (one time: create the owner)`)
  if (inClear(options)) {
    lines.push('  WARNING         bound beyond loopback without TLS: passwords and session tokens would travel in clear.',
      '                  Serve HTTPS with --tls-cert/--tls-key, or put a TLS reverse proxy in front (docs/security.md).')
  }
  return lines
}

const ownerSetupUrl = (url: string, token: string) => `${url}/?setup=${encodeURIComponent(token)}`
function ownerSetupUrlOf(service: PaydeskService, url: string): string | null {
  const token = service.ownerSetupToken()
  return token === null ? null : ownerSetupUrl(url, token)
}

/** A team server reachable beyond loopback without TLS. */
function inClear(options: ServeOptions): boolean {
  return options.team === true && !isLoopbackHost(options.host) && options.tlsCert === undefined
}

/** --seed-transactions: history for QA and benchmarks, only into a fresh database (never mixed into real work). */
function seedingReport(service: PaydeskService, count: number): string {
  const seeded = service.startup.seededHistory
  if (!seeded) return `Not seeding ${count} transactions: the database already existed (seeding only fills a fresh one).`
  return `Seeded ${seeded.inserted.toLocaleString('en-US')} historical transactions over the past 90 days in ${(seeded.ms / 1000).toFixed(1)} s.`
}

/** `serve --json`: the banner's facts as one JSON document (the keys as the banner shows them). */
function bannerJson(service: PaydeskService, url: string, options: ServeOptions): Record<string, unknown> {
  const s = service.startup
  return {
    apiBaseUrl: `${url}/v1`, consoleUrl: options.team ? `${url}/` : consoleUrl(url, service.consoleToken), openApiUrl: `${url}/openapi.json`,
    // Team mode: people sign in at the console; the token is automation's credential (the banner shows it too).
    team: options.team === true, consoleToken: options.team ? service.consoleToken : null, passwordsInClear: inClear(options),
    ownerSetupUrl: options.team ? ownerSetupUrlOf(service, url) : null,
    testApiKey: s.testKey ?? null, liveApiKey: s.liveKey ?? null, testWebhookSecret: s.testWebhookSecret,
    database: options.dbPath, freshDatabase: s.freshDatabase, simulator: s.simulatorMode,
    scenario: options.scenarioPath ?? null, seed: options.seed ?? null, seededHistory: s.seededHistory ?? null,
    upstream: options.upstream ? { url: options.upstream.url, keyFingerprint: `…${options.upstream.key.slice(-4)}`, mode: options.upstream.mode } : null,
  }
}

async function serve(argv: string[]): Promise<void> {
  const { json, rest } = takeJsonFlag(argv)
  const options = parseServeOptions(rest)
  const scenario = prepareScenario(options)
  // A folder we create holds only Paydesk's database and its secrets: owner-only, like the file itself.
  if (options.dbPath !== ':memory:') mkdirSync(dirname(options.dbPath), { recursive: true, mode: 0o700 })
  let service: PaydeskService
  try {
    service = createService({
      dbPath: options.dbPath, apiKey: options.apiKey, liveApiKey: options.liveApiKey, webhookSecret: options.webhookSecret,
      consoleToken: options.consoleToken, simulatorMode: options.simulatorMode, tickBudgetMs: HOST_TICK.simulatorBudgetMs, tickSliceMs: HOST_TICK.simulatorSliceMs, checkpointInBackground: true,
      scenario: scenario?.input, seed: options.seed, clockStart: options.clockStart, strictRequestChecks: options.strict,
      seedHistory: options.seedTransactions, team: options.team, upstream: options.upstream,
    })
  } catch (error) {
    throw new ScenarioStartError(error, scenario?.file)
  }
  if (options.seedTransactions > 0 && !json) console.log(seedingReport(service, options.seedTransactions))
  const http = await startHttpServer({
    service, host: options.host, port: options.port, rateLimitPerMinute: options.rateLimitPerMinute,
    webRoot: consoleWebRoot(), ready: false, tls: readTls(options), teamServer: options.team === true && !isLoopbackHost(options.host),
  })
  service.setHostInfo({ httpUrl: http.url, consoleUrl: options.team ? `${http.url}/` : consoleUrl(http.url, service.consoleToken) })
  const ticker = startTicker(service)
  if (json) printJson(bannerJson(service, http.url, options))
  else console.log(banner(service, http.url, options))
  http.setReady()
  const stop = async (signal: string) => {
    await ticker.stop()
    await http.close()
    service.close()
    // Under --json stdout holds the one document; this line is for people.
    ;(json ? console.error : console.log)(`Paydesk stopped (${signal}).`)
    process.exit(0)
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))
}

async function main(argv: string[]): Promise<void> {
  const [command = 'serve', ...rest] = argv
  if (command === 'serve') return serve(rest)
  if (command === 'scenario') return void (process.exitCode = await scenarioCommand(rest))
  if (command === 'doctor') return doctorCommand(rest)
  if (command === 'events') return eventsCommand(rest)
  if (command === 'openapi') return printJson(generateOpenApi())
  if (command === 'sandbox') return sandboxCommand(rest)
  if (command === 'mcp') return loadMcpCommand().mcpCommand(rest)
  if (command === 'snapshot') return snapshotCommand(rest)
  if (command === 'users') return usersCommand(rest)
  const { json } = takeJsonFlag(rest)
  if (command === 'help' || command === '--help' || command === '-h') return json ? printJson(helpJson()) : void process.stdout.write(helpText())
  if (command === 'version' || command === '--version' || command === '-v') return json ? printJson({ version: VERSION }) : void process.stdout.write(`${VERSION}\n`)
  throw new UsageError(`unknown command "${command}"`)
}

/** Under --json a failure is also a JSON document on stdout: its short message and the exit code. */
function fail(exitCode: 1 | 2, text: string, message: string = text): never {
  if (process.argv.includes('--json')) printJson({ error: { message, exitCode } })
  console.error(text)
  process.exit(exitCode)
}

main(process.argv.slice(2)).catch((thrown: unknown) => {
  let error = thrown
  const scenarioText = error instanceof ScenarioStartError ? scenarioErrorText(error.cause, error.file) : scenarioErrorText(error, undefined)
  if (scenarioText !== undefined) fail(2, `paydesk: the scenario cannot be used:\n${scenarioText}`, scenarioText)
  if (error instanceof ScenarioStartError) error = error.cause
  if (error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
    const fallback = process.argv[2] === undefined || process.argv[2] === 'serve' ? usage() : helpText()
    const text = error.message.includes('Usage:') ? `paydesk: ${error.message}` : `paydesk: ${error.message}\n\n${(error instanceof UsageError && error.usageText) || fallback}`
    fail(2, text, error.message.split('\n\n')[0]!)
  }
  const message = error instanceof Error ? error.message : String(error)
  fail(1, `paydesk: ${process.argv[2] === undefined || process.argv[2] === 'serve' ? 'failed to start: ' : ''}${message}`, message)
})
