import { isRole } from '../../../shared/team/permissions'
import { UsageError } from '../options'
import { consoleClient } from './console-client'

export const USERS_USAGE = `Usage: paydesk users add --name <name> --role <role> [--json]
  Adds a user to a running team server with its console token (the first owner of a new team server:
  --role owner, instead of the setup link it prints). The password is read from standard input: typed
  hidden at a terminal, or the first line piped in. At least 12 characters, not a common one nor the name.
`

/** One line of standard input: hidden as it is typed at a terminal, or the first line piped in. */
function readPassword(): Promise<string> {
  const input = process.stdin
  if (!input.isTTY) {
    return new Promise((resolve, reject) => {
      let text = ''
      input.setEncoding('utf8')
      input.on('data', (chunk: string) => (text += chunk))
      input.on('end', () => resolve(text.split(/\r?\n/)[0] ?? ''))
      input.on('error', reject)
    })
  }
  process.stderr.write('Password (hidden): ')
  input.setRawMode(true)
  input.setEncoding('utf8')
  return new Promise((resolve) => {
    let typed = ''
    const onKey = (key: string) => {
      if (key === '\u0003') process.exit(130)
      if (key !== '\r' && key !== '\n') return void (typed = key === '\u007f' ? typed.slice(0, -1) : typed + key)
      input.setRawMode(false)
      input.pause()
      input.off('data', onKey)
      process.stderr.write('\n')
      resolve(typed)
    }
    input.on('data', onKey)
  })
}

/** `paydesk users add`: POST /console/users of a running server, as automation (its console token). */
export async function usersCommand(argv: string[]): Promise<void> {
  const [action, ...rest] = argv
  if (action !== 'add') throw new UsageError(action ? `unknown users action "${action}"` : 'paydesk users needs an action: add', USERS_USAGE)
  const client = consoleClient(rest, { json: { type: 'boolean' }, name: { type: 'string' }, role: { type: 'string' } })
  const name = client.flags['name']
  const role = client.flags['role']
  if (typeof name !== 'string' || name.trim() === '') throw new UsageError('paydesk users add needs --name', USERS_USAGE)
  if (!isRole(role)) throw new UsageError('paydesk users add needs --role: owner, admin, approver, maker, support, developer or viewer', USERS_USAGE)
  if (client.positionals.length > 0) throw new UsageError(`unexpected argument "${client.positionals[0]}"`, USERS_USAGE)
  const password = await readPassword()
  const user = await client.route('console.users.create', { body: { name, password, role } })
  process.stdout.write(client.flags['json'] === true ? `${JSON.stringify(user, null, 2)}\n` : `Added ${user.name} (${user.role}): they sign in at the console with that password.\n`)
}
