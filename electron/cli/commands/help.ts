import { VERSION } from '../../service'
import { usage } from '../options'
import { CLIENT_FLAGS } from './console-client'
import { DOCTOR_USAGE } from './doctor'
import { EVENTS_USAGE } from './events'
import { MCP_USAGE } from './mcp-usage'
import { EXIT_CODES } from '../json-output'
import { SANDBOX_USAGE } from './sandbox'
import { SCENARIO_USAGE } from './scenario'
import { SNAPSHOT_USAGE } from './snapshot'
import { USERS_USAGE } from './users'

/** Every command and what it does (`paydesk help` and `help --json`). */
const COMMANDS = [
  ['serve', 'start the sandbox (HTTP API, console, simulator, webhooks)'],
  ['mcp', 'an MCP server over stdio for coding assistants (its own sandbox, or --url a running one)'],
  ['sandbox create|delete', 'one sandbox (organization) per test worker, on a running server'],
  ['snapshot save|restore|list|delete', 'the whole sandbox state of a running server'],
  ['users add', 'a user of a running team server (the first owner: --role owner)'],
  ['scenario run|check', 'play a scenario file\'s story and check its expectations (JUnit for CI)'],
  ['doctor', 'grade your webhook receiver (needs no server)'],
  ['events sample', 'a signed event body and headers for your receiver\'s unit tests'],
  ['openapi', 'print the OpenAPI document'],
  ['help, --version', 'this text; the version'],
] as const

/** `paydesk help --json`. */
export function helpJson(): Record<string, unknown> {
  return {
    version: VERSION,
    commands: COMMANDS.map(([name, summary]) => ({ name, summary })),
    json: 'Every command that prints a result accepts --json and prints one JSON document (mcp speaks MCP on stdout instead).',
    exitCodes: EXIT_CODES,
  }
}

/** `paydesk help`: every command, the serve flags, and the flags of the client commands. */
export function helpText(): string {
  const client = Object.entries(CLIENT_FLAGS).map(([name, flag]) => {
    const fallback = 'default' in flag ? ` (default ${flag.default})` : ''
    return `  --${name.padEnd(18)} ${flag.env.padEnd(26)} ${flag.help}${fallback}`
  })
  return [
    `paydesk ${VERSION}: a local sandbox of the mobile-money payments API`,
    '',
    'Commands',
    ...COMMANDS.map(([name, summary]) => `  ${name.padEnd(Math.max(22, name.length + 2))}${summary}`),
    '',
    'Output: every command that prints a result accepts --json and prints one JSON document instead',
    '(errors too: {"error":{"message","exitCode"}}, the message also on stderr). mcp speaks MCP on stdout.',
    '',
    'Exit codes',
    ...Object.entries(EXIT_CODES).map(([code, meaning]) => `  ${code}  ${meaning}`),
    '',
    usage(),
    MCP_USAGE,
    SANDBOX_USAGE,
    SNAPSHOT_USAGE,
    USERS_USAGE,
    SCENARIO_USAGE,
    DOCTOR_USAGE,
    EVENTS_USAGE,
    'Flags of the commands that talk to a running server (sandbox, snapshot, users)',
    ...client,
    '',
  ].join('\n')
}
