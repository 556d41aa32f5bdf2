import { parseArgs } from 'node:util'
import { WebhookEventTypeSchema } from '../../../shared/schemas/webhooks'
import { codesOf, signedSampleEvent, SAMPLE_EVENT_TYPES, WEBHOOK_SECRET_PATTERN } from '../../service'
import { UsageError } from '../options'

export const EVENTS_USAGE = `Usage: paydesk events sample <type> [--code <code>] [--secret <whsec_…>] [--json]

Prints a realistic webhook event and its signature headers (both schemes), signed now, ready to paste into
your receiver's unit tests. Without --secret a fresh secret is made up and printed.
Types: ${SAMPLE_EVENT_TYPES.join(', ')}
Codes: transaction.failed and payout.failed take ${Object.keys(codesOf('transaction.failed')).join(', ')};
       transaction.creation_failed takes ${Object.keys(codesOf('transaction.creation_failed')).join(', ')}.
`

function usageError(message: string): UsageError {
  return new UsageError(message, EVENTS_USAGE)
}

/** `paydesk events sample …`: built with the engine's own event views and signing (no server, no database). */
export async function eventsCommand(argv: string[]): Promise<void> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv, allowPositionals: true, strict: true,
      options: { code: { type: 'string' }, secret: { type: 'string' }, json: { type: 'boolean' } },
    })
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error))
  }
  const [sub, typeName, ...extra] = parsed.positionals
  if (sub !== 'sample' || !typeName || extra.length > 0) throw usageError('events takes: sample <type>')
  const type = WebhookEventTypeSchema.safeParse(typeName)
  if (!type.success) throw usageError(`unknown event type "${typeName}"`)
  const { code, json } = parsed.values
  const now = Date.now()
  if (parsed.values.secret !== undefined && !WEBHOOK_SECRET_PATTERN.test(parsed.values.secret)) throw usageError('--secret must be whsec_ followed by base64')
  let event
  try {
    event = signedSampleEvent(type.data, { now, code, secret: parsed.values.secret })
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error))
  }
  const { secret, headers } = event
  if (json) {
    process.stdout.write(`${JSON.stringify({ type: event.type, secret, headers, body: event.body }, null, 2)}\n`)
    return
  }
  const lines = [
    `# ${event.type}${code ? ` (error ${code})` : ''}, signed at ${new Date(now).toISOString()}`,
    `# secret: ${secret}${parsed.values.secret ? '' : ' (made up; pass --secret to sign with yours)'}`,
    '# headers:',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '# body (these exact bytes are signed; do not re-format them):',
    event.body,
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}
