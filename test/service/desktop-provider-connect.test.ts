import { mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCallHandler } from '../../electron/main/ipc-handler'
import { createProviderKeyGlue, savedProvider, type SafeStorageLike } from '../../electron/main/provider-key'
import { CONSOLE_TOKEN, startTestServer, testService, type TestServer } from '../support/harness'
import { PROVIDER_KEY } from '../support/upstream-pair'

/**
 * The desktop app's Settings → Provider connection, through the IPC call channel: the key is sealed with
 * safeStorage in a file beside the database (never in it), a live key is refused where safeStorage has no
 * OS store, and disconnecting keeps the mirror, read-only.
 */
let provider: TestServer
let folder: string
const console_ = { bearer: CONSOLE_TOKEN, environment: 'test' as const }
/** The sender check is the caller's (always trusted here): the event is never read. */
const TRUSTED = {} as Parameters<ReturnType<typeof createCallHandler>>[0]

/** A stand-in for Electron's safeStorage: "sealing" that visibly changes the bytes, on the backend given. */
function fakeSafeStorage(backend: string): SafeStorageLike {
  return {
    isEncryptionAvailable: () => true,
    encryptString: (text) => Buffer.from([...Buffer.from(text)].map((byte) => byte ^ 0x5a)),
    decryptString: (sealed) => Buffer.from([...sealed].map((byte) => byte ^ 0x5a)).toString(),
    getSelectedStorageBackend: () => backend,
  }
}

beforeAll(async () => {
  provider = await startTestServer({ apiKey: PROVIDER_KEY, seedHistory: 200 })
  folder = mkdtempSync(join(tmpdir(), 'paydesk-desktop-provider-'))
})
afterAll(async () => {
  await provider.close()
  rmSync(folder, { recursive: true, force: true })
})

describe('the desktop provider connection', () => {
  it('connects over the call channel with the key sealed beside the database, syncs, and disconnects keeping the mirror', async () => {
    const { service } = testService()
    const file = join(folder, 'provider.json')
    const storage = fakeSafeStorage('gnome_libsecret')
    const handle = createCallHandler(service, () => true, undefined, createProviderKeyGlue(file, storage, service))
    const connected = await handle(TRUSTED, { provider: { action: 'connect', url: `${provider.url}/v1`, key: PROVIDER_KEY } })
    expect(connected.status).toBe(200)
    expect(JSON.stringify(connected)).not.toContain(PROVIDER_KEY)
    expect(readFileSync(file, 'utf8')).not.toContain(PROVIDER_KEY.slice(8))
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0)
    expect(savedProvider(file, storage)).toMatchObject({ url: provider.url, key: PROVIDER_KEY, mode: 'read' })

    const started = service.call('console.upstream.sync', { body: {} }, console_)
    expect(started.status).toBe(202)
    const jobId = (started.body as { data: { jobId: string } }).data.jobId
    let job: any
    do {
      await new Promise((resolve) => setTimeout(resolve, 10))
      job = (service.call('console.upstream.syncJob', { params: { jobId } }, console_).body as { data: unknown }).data
    } while (job.status === 'queued' || job.status === 'running')
    expect(job).toMatchObject({ status: 'done', error: null })
    expect((service.call('console.upstream.get', {}, console_).body as any).data).toMatchObject({ connected: true, environment: 'test', keyFingerprint: '…ab12' })

    const gone = await handle(TRUSTED, { provider: { action: 'disconnect' } })
    expect(gone.status).toBe(200)
    expect(existsSync(file)).toBe(false)
    expect((service.call('console.upstream.get', {}, console_).body as any).data).toMatchObject({ connected: false, environment: 'test', keyFingerprint: '…ab12' })
    expect(service.call('console.simulator.advance', { body: { ms: 1000 } }, console_).status).toBe(409)
    service.close()
  })

  it('refuses a live key without confirmation, and anywhere safeStorage keeps secrets with a fixed password', async () => {
    const { service } = testService()
    const file = join(folder, 'live.json')
    const basic = createProviderKeyGlue(file, fakeSafeStorage('basic_text'), service)
    const live = { action: 'connect', url: 'https://api.provider.example', key: 'sk_live_realmoney00000001' }
    expect(basic.handle(live).body).toMatchObject({ error: { code: 'invalid_parameter', param: 'allowLive' } })
    const refused = basic.handle({ ...live, allowLive: true })
    expect(refused.body).toMatchObject({ error: { code: 'invalid_parameter', param: 'key' } })
    expect(JSON.stringify(refused)).not.toContain('realmoney')
    expect(existsSync(file)).toBe(false)
    expect(basic.handle({ action: 'connect', url: 'http://provider.example', key: PROVIDER_KEY }).body).toMatchObject({ error: { param: 'url' } })
    expect(basic.handle({ action: 'nonsense' }).status).toBe(400)
    service.close()
  })
})
