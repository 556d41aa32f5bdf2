import { VERSION } from '../../service'
import { usage } from '../options'
import { CLIENT_FLAGS } from './console-client'
import { SANDBOX_USAGE } from './sandbox'
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
    '  openapi               print the OpenAPI document',
    '  help, --version',
    '',
    usage(),
    SANDBOX_USAGE,
    SNAPSHOT_USAGE,
    'Flags of the commands that talk to a running server (sandbox, snapshot)',
    ...client,
    '',
  ].join('\n')
}
