import { randomBytes } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { consoleUrl } from '../../../shared/console-url'
import { createService, HOST_TICK, SIMULATOR_MODES, startTicker, type SimulatorMode } from '../../service'
import { startHttpServer } from '../../http/server'
import { UsageError } from '../options'
import { httpBackend, type Backend } from '../mcp/backend'
import { answerUnreadableLines } from '../mcp/protocol'
import { createMcpServer } from '../mcp/server'
import { MCP_USAGE } from './mcp-usage'


interface Started {
  backend: Backend
  instructions: string
  stop(): Promise<void>
}

const COMMON = 'Amounts are integers in cents (150000 = KES 1,500.00). Every tool acts in the test environment.'

/** A sandbox of our own: in memory, on a free loopback port, with its ticker, reached over HTTP like any other. */
async function ownSandbox(mode: SimulatorMode): Promise<Started> {
  const service = createService({
    dbPath: ':memory:', consoleToken: `pdc_mcp_${randomBytes(16).toString('hex')}`, simulatorMode: mode,
    tickBudgetMs: HOST_TICK.simulatorBudgetMs, tickSliceMs: HOST_TICK.simulatorSliceMs,
  })
  const http = await startHttpServer({ service, port: 0, rateLimitPerMinute: 0 })
  service.setHostInfo({ httpUrl: http.url, consoleUrl: consoleUrl(http.url, service.consoleToken) })
  const ticker = startTicker(service)
  const { testKey, testWebhookSecret } = service.startup
  const instructions = [
    `Paydesk sandbox of the mobile-money payments API, in memory (gone when this server stops). ${COMMON}`,
    `Simulator: ${mode}${mode === 'interactive' ? ' (a charge waits for answer_prompt, or times out after 60 simulated seconds)' : ''}.`,
    `For integration code: API base URL ${http.url}/v1, test API key ${testKey}, webhook secret ${testWebhookSecret}.`,
    `Console in a browser: ${consoleUrl(http.url, service.consoleToken)}`,
  ].join('\n')
  return {
    backend: httpBackend(http.url, service.consoleToken), instructions,
    async stop() {
      await ticker.stop()
      await http.close()
      service.close()
    },
  }
}

function options(argv: string[]): { url?: string; token?: string; mode: SimulatorMode; scenarioFolder: string } {
  let values
  try {
    values = parseArgs({ args: argv, strict: true, options: { url: { type: 'string' }, 'console-token': { type: 'string' }, simulator: { type: 'string' }, 'scenario-folder': { type: 'string' } } }).values
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), MCP_USAGE)
  }
  const mode = (values.simulator ?? 'interactive') as SimulatorMode
  if (!SIMULATOR_MODES.includes(mode)) throw new UsageError(`--simulator must be one of ${SIMULATOR_MODES.join(', ')}`, MCP_USAGE)
  const token = values['console-token'] ?? (process.env['PAYDESK_CONSOLE_TOKEN'] || undefined)
  if (values.url !== undefined && !token) throw new UsageError('--url needs --console-token (or PAYDESK_CONSOLE_TOKEN)', MCP_USAGE)
  if (values.url !== undefined && (!URL.canParse(values.url) || !/^https?:$/.test(new URL(values.url).protocol))) throw new UsageError(`--url must be an http(s) URL (got "${values.url}")`, MCP_USAGE)
  const scenarioFolder = resolve(values['scenario-folder'] ?? process.cwd())
  if (!existsSync(scenarioFolder) || !statSync(scenarioFolder).isDirectory()) throw new UsageError(`--scenario-folder must be a folder (got "${values['scenario-folder']}")`, MCP_USAGE)
  return { url: values.url, token, mode, scenarioFolder }
}

/** `paydesk mcp`: serves MCP on stdin/stdout until the client closes it. */
export async function mcpCommand(argv: string[]): Promise<void> {
  const { url, token, mode, scenarioFolder } = options(argv)
  // stdout carries the protocol alone: anything else printed goes to stderr.
  console.log = console.error
  console.info = console.error
  const started: Started = url !== undefined
    ? { backend: httpBackend(url, token!), instructions: `Attached to the Paydesk sandbox at ${url} (console routes with its console token). ${COMMON}`, stop: async () => {} }
    : await ownSandbox(mode)
  const server = createMcpServer({ backend: started.backend, scenarioFolder }, started.instructions)
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await server.close().catch(() => {})
    await started.stop()
    process.exit(0)
  }
  server.onclose = () => void stop()
  process.stdin.once('end', () => void stop())
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
  const transport = new StdioServerTransport()
  await server.connect(transport)
  answerUnreadableLines(transport)
}
