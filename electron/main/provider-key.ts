import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { z } from 'zod'
import { ApiError } from '../../shared/errors'
import type { ServiceResponse } from '../../shared/api/envelope'
import { environmentOfKey, errorResponse, parseUpstreamUrl, UpstreamUrlError, type PaydeskService, type UpstreamSettings } from '../service'

/**
 * The desktop app's provider key (Settings → Provider connection): kept sealed with Electron `safeStorage`
 * (Keychain, DPAPI, libsecret/kwallet) in a file of the user data folder, never in the database and never on
 * a command line. Where safeStorage has no OS store (Linux `basic_text`: a hard-coded password) a live key is
 * refused. Electron's safeStorage is passed in, so this loads under plain Node for tests.
 */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(text: string): Buffer
  decryptString(sealed: Buffer): string
  /** Linux only in Electron; absent elsewhere. */
  getSelectedStorageBackend?(): string
}

/** What the window asks on the call channel as `{ provider: request }`. */
const ProviderRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('connect'), url: z.string().min(1).max(2000), key: z.string().min(1).max(300), allowLive: z.boolean().optional() }),
  z.strictObject({ action: z.literal('disconnect') }),
])

const DESKTOP_DEFAULTS = { mode: 'read', pollSeconds: 60, lookbackDays: 3, ratePerMinute: 600, timeoutMs: 15_000 } as const

const SavedSchema = z.object({ url: z.string(), sealedKey: z.string() })

/** The saved connection, opened at the app's start (undefined when none is saved or it cannot be unsealed). */
export function savedProvider(file: string, storage: SafeStorageLike): UpstreamSettings | undefined {
  if (!existsSync(file)) return undefined
  try {
    const saved = SavedSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
    return { ...DESKTOP_DEFAULTS, url: saved.url, key: storage.decryptString(Buffer.from(saved.sealedKey, 'base64')) }
  } catch {
    return undefined
  }
}

export function createProviderKeyGlue(file: string, storage: SafeStorageLike, service: PaydeskService) {
  const ok = (message: string): ServiceResponse => ({ status: 200, body: { status: 'success', message, data: null }, headers: {}, requestId: '' })
  const refuse = (error: ApiError) => errorResponse(error, service.newRequestId())
  const osStore = () => storage.isEncryptionAvailable() && storage.getSelectedStorageBackend?.() !== 'basic_text'

  function connect(url: string, key: string, allowLive: boolean): ServiceResponse {
    let base: string
    try {
      base = parseUpstreamUrl(url)
    } catch (error) {
      return refuse(new ApiError('invalid_parameter', error instanceof UpstreamUrlError ? error.message : 'The provider address is not valid.', 'url'))
    }
    const environment = environmentOfKey(key.trim())
    if (!environment) return refuse(new ApiError('invalid_parameter', 'The provider key must look like sk_test_… or sk_live_….', 'key'))
    if (environment === 'live' && !allowLive) return refuse(new ApiError('invalid_parameter', 'A live key moves real money: confirm it to connect it.', 'allowLive'))
    if (!storage.isEncryptionAvailable()) return refuse(new ApiError('invalid_parameter', 'This computer has no store for secrets (safeStorage): the key cannot be kept.', 'key'))
    if (environment === 'live' && !osStore()) {
      return refuse(new ApiError('invalid_parameter', 'This computer keeps secrets only with a fixed password (no keyring): a live key is refused here.', 'key'))
    }
    writeFileSync(file, JSON.stringify({ url: base, sealedKey: storage.encryptString(key.trim()).toString('base64') }), { mode: 0o600 })
    chmodSync(file, 0o600)
    service.connectUpstream({ ...DESKTOP_DEFAULTS, url: base, key: key.trim() })
    return ok('Provider account connected')
  }

  return {
    /** One request from the window; always an envelope, never the key. */
    handle(request: unknown): ServiceResponse {
      const parsed = ProviderRequestSchema.safeParse(request)
      if (!parsed.success) return refuse(new ApiError('invalid_parameter', 'Malformed provider request: expected { action: connect | disconnect }.'))
      if (parsed.data.action === 'disconnect') {
        rmSync(file, { force: true })
        service.disconnectUpstream()
        return ok('Provider account disconnected; the mirror stays, read-only')
      }
      try {
        return connect(parsed.data.url, parsed.data.key, parsed.data.allowLive === true)
      } catch (error) {
        return refuse(new ApiError('internal', `The provider account could not be connected: ${error instanceof Error ? error.message : String(error)}`))
      }
    },
  }
}
export type ProviderKeyGlue = ReturnType<typeof createProviderKeyGlue>
