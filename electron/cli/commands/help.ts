import { VERSION } from '../../service'
import { usage } from '../options'
import { CLIENT_FLAGS } from './console-client'
import { DOCTOR_USAGE } from './doctor'
import { EVENTS_USAGE } from './events'
import { SANDBOX_USAGE } from './sandbox'
import { SCENARIO_USAGE } from './scenario'
import { SNAPSHOT_USAGE } from './snapshot'

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
    '  serve                 start the sandbox (HTTP API, console, simulator, webhooks)',
    '  sandbox create|delete one sandbox (organization) per test worker, on a running server',
    '  snapshot save|restore|list|delete  the whole sandbox state of a running server',
    '  scenario run|check    play a scenario file\'s story and check its expectations (JUnit for CI)',
    '  doctor                grade your webhook receiver (needs no server)',
    '  events sample         a signed event body and headers for your receiver\'s unit tests',
    '  openapi               print the OpenAPI document',
    '  help, --version',
    '',
    usage(),
    SANDBOX_USAGE,
    SNAPSHOT_USAGE,
    SCENARIO_USAGE,
    DOCTOR_USAGE,
    EVENTS_USAGE,
    'Flags of the commands that talk to a running server (sandbox, snapshot)',
    ...client,
    '',
  ].join('\n')
}
