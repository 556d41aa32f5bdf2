import { readFileSync, statSync } from 'node:fs'
import { environmentOfKey, parseUpstreamUrl, UpstreamUrlError, type UpstreamSettings } from '../service'

/** Why the CLI refuses an upstream setting (exit 2, like any usage mistake). */
export class UpstreamOptionError extends Error {}

type Get = (name: string) => string | undefined

function whole(get: Get, name: string, variable: string, fallback: number, min: number, max: number): number {
  const text = get(name)
  if (text === undefined) return fallback
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new UpstreamOptionError(`--${name} (${variable}) must be a whole number from ${min} to ${max} (got "${text}")`)
  return Number(text)
}

/** The key from its file (owner-only: a key readable by others is refused) or from PAYDESK_UPSTREAM_KEY. */
function readKey(file: string | undefined, fromVariable: string | undefined, platform: NodeJS.Platform): string {
  if (file === undefined) {
    if (fromVariable === undefined) throw new UpstreamOptionError('--upstream needs the provider key: --upstream-key-file PATH, or the key itself in PAYDESK_UPSTREAM_KEY (never on the command line)')
    return fromVariable.trim()
  }
  let mode: number
  try {
    mode = statSync(file).mode
  } catch {
    throw new UpstreamOptionError(`--upstream-key-file: cannot read ${file}`)
  }
  if (platform !== 'win32' && (mode & 0o077) !== 0) throw new UpstreamOptionError(`--upstream-key-file: ${file} is readable by others (mode ${(mode & 0o777).toString(8)}); chmod 600 it`)
  return readFileSync(file, 'utf8').trim()
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
  }
}
