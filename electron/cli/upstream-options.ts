import { readFileSync, statSync } from 'node:fs'
import { WEBHOOK_URL_PATTERN } from '../../shared/schemas/common'
import { environmentOfKey, isLoopbackHostname, parseUpstreamUrl, UpstreamUrlError, type UpstreamSettings } from '../service'

/** Why the CLI refuses an upstream setting (exit 2, like any usage mistake). */
export class UpstreamOptionError extends Error {}

type Get = (name: string) => string | undefined

function whole(get: Get, name: string, variable: string, fallback: number, min: number, max: number): number {
  const text = get(name)
  if (text === undefined) return fallback
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new UpstreamOptionError(`--${name} (${variable}) must be a whole number from ${min} to ${max} (got "${text}")`)
  return Number(text)
}

/** A secret from its file: owner-only (a file readable by group or others is refused), trimmed. */
function readSecretFile(file: string, flag: string, platform: NodeJS.Platform): string {
  let mode: number
  try {
    mode = statSync(file).mode
  } catch {
    throw new UpstreamOptionError(`--${flag}: cannot read ${file}`)
  }
  if (platform !== 'win32' && (mode & 0o077) !== 0) throw new UpstreamOptionError(`--${flag}: ${file} is readable by others (mode ${(mode & 0o777).toString(8)}); chmod 600 it`)
  return readFileSync(file, 'utf8').trim()
}

/** The key from its file or from PAYDESK_UPSTREAM_KEY. */
function readKey(file: string | undefined, fromVariable: string | undefined, platform: NodeJS.Platform): string {
  if (file !== undefined) return readSecretFile(file, 'upstream-key-file', platform)
  if (fromVariable === undefined) throw new UpstreamOptionError('--upstream needs the provider key: --upstream-key-file PATH, or the key itself in PAYDESK_UPSTREAM_KEY (never on the command line)')
  return fromVariable.trim()
}

const WEBHOOK_FLAGS = '--upstream-webhook-url (PAYDESK_UPSTREAM_WEBHOOK_URL) and --upstream-webhook-secret-file (or the secret in PAYDESK_UPSTREAM_WEBHOOK_SECRET)'

/** The address the provider's webhooks reach this server at: https, or http only to loopback (as --upstream). */
function webhookUrlOf(text: string): string {
  const refuse = (why: string) => new UpstreamOptionError(`--upstream-webhook-url (PAYDESK_UPSTREAM_WEBHOOK_URL): ${why}`)
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw refuse(`"${text}" is not a URL (e.g. https://paydesk.example.com/upstream/webhooks)`)
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHostname(url.hostname))) {
    throw refuse('must use https; plain http is accepted only to a loopback address (127.0.0.1, localhost, ::1)')
  }
  if (url.username || url.password || url.hash) throw refuse('must not carry a user name, password or fragment')
  if (url.href.length > 2048 || !WEBHOOK_URL_PATTERN.test(url.href)) throw refuse('is not a webhookUrl the provider accepts (an absolute URL of at most 2048 characters)')
  return url.href
}

/** `--upstream-webhook-*`: both or neither; the secret from an owner-only file or its variable, never a flag. */
function parseWebhook(flags: Record<string, string | undefined>, get: Get, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): UpstreamSettings['webhook'] {
  const url = get('upstream-webhook-url')
  const file = flags['upstream-webhook-secret-file']
  const variable = env['PAYDESK_UPSTREAM_WEBHOOK_SECRET'] === '' ? undefined : env['PAYDESK_UPSTREAM_WEBHOOK_SECRET']
  if (url === undefined && file === undefined && variable === undefined) return undefined
  if (url === undefined || (file === undefined && variable === undefined)) throw new UpstreamOptionError(`${WEBHOOK_FLAGS} go together: the address the provider sends its webhooks to, and the secret it signs them with`)
  const secret = file !== undefined ? readSecretFile(file, 'upstream-webhook-secret-file', platform) : variable!.trim()
  if (secret.length < 16 || /\s/.test(secret)) throw new UpstreamOptionError('the provider webhook secret (--upstream-webhook-secret-file / PAYDESK_UPSTREAM_WEBHOOK_SECRET) must be at least 16 characters, without spaces')
  return { url: webhookUrlOf(url), secret }
}

/**
 * The `--upstream*` flags (docs/upstream.md), or undefined without `--upstream`. An `sk_live_` key needs
 * `--upstream-allow-live`; the key itself never comes from a flag (a command line is visible to every user).
 */
export function parseUpstreamOptions(flags: Record<string, string | undefined>, get: Get, env: NodeJS.ProcessEnv, platform = process.platform): UpstreamSettings | undefined {
  const url = get('upstream')
  const keyVariable = env['PAYDESK_UPSTREAM_KEY'] === '' ? undefined : env['PAYDESK_UPSTREAM_KEY']
  if (url === undefined) {
    if (flags['upstream-key-file'] !== undefined) throw new UpstreamOptionError('--upstream-key-file needs --upstream URL (PAYDESK_UPSTREAM_URL)')
    if (get('upstream-webhook-url') !== undefined || flags['upstream-webhook-secret-file'] !== undefined) throw new UpstreamOptionError(`${WEBHOOK_FLAGS} need --upstream URL (PAYDESK_UPSTREAM_URL)`)
    return undefined
  }
  let base: string
  try {
    base = parseUpstreamUrl(url)
  } catch (error) {
    throw new UpstreamOptionError(`--upstream (PAYDESK_UPSTREAM_URL): ${error instanceof UpstreamUrlError ? error.message : String(error)}`)
  }
  const key = readKey(flags['upstream-key-file'], keyVariable, platform)
  const environment = environmentOfKey(key)
  if (!environment) throw new UpstreamOptionError('the provider key must look like sk_test_… or sk_live_… (check --upstream-key-file / PAYDESK_UPSTREAM_KEY)')
  const allowLive = get('upstream-allow-live')
  if (environment === 'live' && allowLive !== '1' && allowLive !== 'true') {
    throw new UpstreamOptionError('the provider key is a live key (sk_live_…): real money. Add --upstream-allow-live (PAYDESK_UPSTREAM_ALLOW_LIVE=1) to connect it')
  }
  const mode = get('upstream-mode') ?? 'read'
  if (mode !== 'read' && mode !== 'operate') throw new UpstreamOptionError(`--upstream-mode (PAYDESK_UPSTREAM_MODE) must be read or operate (got "${mode}")`)
  const since = get('upstream-since')
  if (since !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(since) || new Date(`${since}T00:00:00Z`).toISOString().slice(0, 10) !== since)) {
    throw new UpstreamOptionError(`--upstream-since (PAYDESK_UPSTREAM_SINCE) must be a day as YYYY-MM-DD (got "${since}")`)
  }
  return {
    url: base, key, mode, since,
    pollSeconds: whole(get, 'upstream-poll', 'PAYDESK_UPSTREAM_POLL', 60, 1, 86_400),
    lookbackDays: whole(get, 'upstream-lookback', 'PAYDESK_UPSTREAM_LOOKBACK', 3, 0, 35),
    ratePerMinute: whole(get, 'upstream-rate-limit', 'PAYDESK_UPSTREAM_RATE_LIMIT', 600, 1, 1_000_000),
    timeoutMs: whole(get, 'upstream-timeout', 'PAYDESK_UPSTREAM_TIMEOUT', 15_000, 100, 600_000),
    webhook: parseWebhook(flags, get, env, platform),
  }
}
