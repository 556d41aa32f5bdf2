import type { Sandbox } from '../../../shared/schemas/sandboxes'
import { UsageError } from '../options'
import { consoleClient } from './console-client'

export const SANDBOX_USAGE = `Usage: paydesk sandbox create [--name NAME] [--json]
       paydesk sandbox delete <id> [--json]
  Creates (or deletes) a sandbox on a running server: an organization of its own with test and live keys,
  accounts, opening floats and webhook secrets. Give each parallel test worker one.
`

function describe(sandbox: Sandbox): string {
  const accounts = (env: 'test' | 'live') =>
    sandbox.accounts[env].map((a) => `    ${a.accountNo}  ${a.type.padEnd(11)} ${a.shortcodeId ? `shortcode ${a.shortcodeId}` : 'default scope'}  available ${a.available}`)
  return [
    `Sandbox ${sandbox.id} (${sandbox.name})`,
    `  Test API key     ${sandbox.testKey}`,
    `  Live API key     ${sandbox.liveKey}`,
    `  Webhook secrets  ${sandbox.webhookSecrets.test} (test), ${sandbox.webhookSecrets.live} (live)`,
    ...(sandbox.shortcodes.length > 0 ? [`  Shortcode        ${sandbox.shortcodes.join(', ')}`] : []),
    '  Test accounts', ...accounts('test'),
    '  Live accounts', ...accounts('live'),
    `Delete it with: paydesk sandbox delete ${sandbox.id}`,
  ].join('\n')
}

/** `paydesk sandbox create|delete`: an HTTP client of POST/DELETE /console/sandboxes. */
export async function sandboxCommand(argv: string[]): Promise<void> {
  const [action, ...rest] = argv
  const client = consoleClient(rest, { json: { type: 'boolean' }, name: { type: 'string' } })
  if (action === 'create') {
    if (client.positionals.length > 0) throw new UsageError(`unexpected argument "${client.positionals[0]}"`)
    const body = client.flags['name'] === undefined ? {} : { name: client.flags['name'] }
    const sandbox = await client.route('console.sandboxes.create', { body })
    process.stdout.write(client.flags['json'] ? `${JSON.stringify(sandbox, null, 2)}\n` : `${describe(sandbox)}\n`)
    return
  }
  if (action === 'delete') {
    const [id, ...more] = client.positionals
    if (!id || more.length > 0) throw new UsageError('paydesk sandbox delete takes one sandbox id')
    await client.route('console.sandboxes.delete', { params: { organizationId: id } })
    process.stdout.write(client.flags['json'] ? `${JSON.stringify({ id, deleted: true })}\n` : `Deleted sandbox ${id}.\n`)
    return
  }
  throw new UsageError(action ? `unknown sandbox action "${action}"` : 'paydesk sandbox needs an action: create or delete')
}
