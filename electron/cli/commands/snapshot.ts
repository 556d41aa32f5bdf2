import type { Snapshot } from '../../../shared/schemas/snapshots'
import { UsageError } from '../options'
import { consoleClient } from './console-client'

export const SNAPSHOT_USAGE = `Usage: paydesk snapshot save <name> [--json]
       paydesk snapshot restore <name> [--json]
       paydesk snapshot list [--json]
       paydesk snapshot delete <name> [--json]
  Saves the whole sandbox of a running server (every organization, both environments) and puts it back,
  atomically, while the server runs. Names: letters, digits, _, - and . (e.g. baseline, after-setup.v2).
`

function line(snapshot: Snapshot): string {
  const size = `${(snapshot.sizeBytes / 1024).toFixed(0)} KiB`
  return `  ${snapshot.name.padEnd(24)} ${new Date(snapshot.createdAt).toISOString()}  ${size.padStart(9)}`
}

/** `paydesk snapshot save|restore|list|delete`: an HTTP client of /console/snapshots. */
export async function snapshotCommand(argv: string[]): Promise<void> {
  const [action, ...rest] = argv
  const client = consoleClient(rest, { json: { type: 'boolean' } })
  const json = client.flags['json'] === true
  const print = (data: unknown, text: string): void => void process.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : `${text}\n`)
  const name = (): string => {
    const [given, ...more] = client.positionals
    if (!given || more.length > 0) throw new UsageError(`paydesk snapshot ${action} takes one snapshot name`)
    return given
  }
  if (action === 'list') {
    if (client.positionals.length > 0) throw new UsageError(`unexpected argument "${client.positionals[0]}"`)
    const data = await client.route('console.snapshots.list')
    return print(data, [`Snapshots in ${data.folder}`, ...(data.items.length === 0 ? ['  (none)'] : data.items.map(line))].join('\n'))
  }
  if (action === 'save') {
    const saved = await client.route('console.snapshots.save', { body: { name: name() } })
    return print(saved, `Saved snapshot ${saved.name} (${(saved.sizeBytes / 1024).toFixed(0)} KiB).`)
  }
  if (action === 'restore') {
    const target = name()
    const restored = await client.route('console.snapshots.restore', { params: { name: target } })
    return print(restored, `Restored snapshot ${target} (${restored.tables['transactions'] ?? 0} transactions).`)
  }
  if (action === 'delete') {
    const target = name()
    await client.route('console.snapshots.delete', { params: { name: target } })
    return print({ name: target, deleted: true }, `Deleted snapshot ${target}.`)
  }
  throw new UsageError(action ? `unknown snapshot action "${action}"` : 'paydesk snapshot needs an action: save, restore, list or delete')
}
