import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_SECRET, startTestServer, type TestServer } from '../support/harness'
import { headerOf, startWebhookReceiver, verifyProviderSignature, type WebhookReceiver } from '../support/webhook-receiver'
import { bearer, consoleAuth, createOrganization } from './helpers'

/**
 * A restore rewinds the sandbox's data, never a security act made since the snapshot: a key revoked since
 * stays revoked, a secret rotated away since never signs again, and the credentials of a sandbox deleted
 * since come back dead (db/snapshot-credentials.ts).
 */
const HOUR = 60 * 60 * 1000
let server: TestServer
let hook: WebhookReceiver
beforeAll(async () => {
  server = await startTestServer()
  hook = await startWebhookReceiver()
  expect((await server.request('PUT', '/console/webhooks/endpoint', { headers: consoleAuth(), body: { defaultUrl: hook.url } })).status).toBe(200)
})
afterAll(async () => {
  await server.close()
  await hook.close()
})

type Headers = Record<string, string>
const post = (path: string, body: unknown = {}, headers: Headers = consoleAuth()) => server.request('POST', path, { headers, body })
const save = async (name: string) => expect((await post('/console/snapshots', { name })).status).toBe(201)
const restore = async (name: string) => expect((await post(`/console/snapshots/${name}/restore`)).status).toBe(200)
const keys = async (headers: Headers = consoleAuth()) =>
  (await server.request('GET', '/console/keys', { headers })).body.data.items as { id: string; revokedAt: number | null }[]
const answerTo = async (key: string) => (await server.request('GET', '/v1/accounts', { headers: bearer(key) })).status
const endpoint = async (headers: Headers = consoleAuth()) => (await server.request('GET', '/console/webhooks/endpoint', { headers })).body.data

async function newKey(label: string): Promise<{ id: string; key: string }> {
  const created = await post('/console/keys', { label })
  expect(created.status).toBe(201)
  return { id: created.body.data.id, key: created.body.data.key }
}

async function revoke(id: string, headers: Headers = consoleAuth()): Promise<number> {
  const revoked = await post(`/console/keys/${id}/revoke`, {}, headers)
  expect(revoked.status).toBe(200)
  return revoked.body.data.revokedAt as number
}

/** Sends a test event and answers the request the receiver got for it. */
async function testEvent(headers: Headers = consoleAuth()) {
  const seen = hook.requests.length
  expect((await post('/console/webhooks/test', {}, headers)).status).toBe(201)
  await server.service.tick()
  return (await hook.waitForRequests(seen + 1))[seen]!
}
const signatures = (request: Parameters<typeof verifyProviderSignature>[1]) => headerOf(request, 'x-webhook-signature').match(/v1=/g)!.length

describe('API keys through a restore', () => {
  it('a key revoked since the snapshot stays revoked: refused and listed as revoked', async () => {
    const saved = await newKey('saved live')
    expect(await answerTo(saved.key)).toBe(200)
    await save('key-live')
    const revokedAt = await revoke(saved.id)
    expect(await answerTo(saved.key)).toBe(401)

    await restore('key-live')
    expect(await answerTo(saved.key)).toBe(401)
    expect((await keys()).find((k) => k.id === saved.id)).toMatchObject({ revokedAt })
    await restore('key-live')
    expect(await answerTo(saved.key)).toBe(401)
  })

  it('a key made since is removed while live and kept revoked once revoked, through any later restore', async () => {
    await save('before-keys')
    const live = await newKey('made since, live')
    const leaked = await newKey('made since, revoked')
    await save('with-keys')
    const revokedAt = await revoke(leaked.id)

    await restore('before-keys')
    expect((await keys()).map((k) => k.id)).not.toContain(live.id)
    expect(await answerTo(live.key)).toBe(401)
    expect((await keys()).find((k) => k.id === leaked.id)).toMatchObject({ revokedAt })
    expect(await answerTo(leaked.key)).toBe(401)

    // Forward to a snapshot where both were live: the one removed by the rewind works again, the revoked one never.
    await restore('with-keys')
    expect(await answerTo(live.key)).toBe(200)
    expect(await answerTo(leaked.key)).toBe(401)
    expect((await keys()).find((k) => k.id === leaked.id)).toMatchObject({ revokedAt })
  })
})

describe('webhook signing secrets through a restore', () => {
  it('a secret rotated away without an overlap never signs again; the endpoint shows the current secret', async () => {
    const saved = (await endpoint()).secret as string
    expect(saved).toBe(WEBHOOK_SECRET)
    await save('secret-saved')
    const rotated = await post('/console/webhooks/secret/rotate', { overlapMs: 0 })
    expect(rotated.status).toBe(200)
    const current = rotated.body.data.secret as string

    await restore('secret-saved')
    expect(await endpoint()).toMatchObject({ secret: current, previousSecretExpiresAt: null })
    const sent = await testEvent()
    expect(signatures(sent)).toBe(1)
    expect(verifyProviderSignature(current, sent)).toBe(true)
    expect(verifyProviderSignature(saved, sent)).toBe(false)
  })

  it('a rotation with an overlap keeps its previous secret until the overlap ends; the snapshot\'s secret never signs', async () => {
    const saved = (await endpoint()).secret as string
    await save('before-overlap')
    expect((await post('/console/webhooks/secret/rotate', { overlapMs: 0 })).status).toBe(200)
    const previous = (await endpoint()).secret as string
    const rotatedAt = server.clock.now()
    const rotated = await post('/console/webhooks/secret/rotate', { overlapMs: HOUR })
    const current = rotated.body.data.secret as string

    await restore('before-overlap')
    expect(await endpoint()).toMatchObject({ secret: current, previousSecretExpiresAt: rotatedAt + HOUR })
    const during = await testEvent()
    expect(signatures(during)).toBe(2)
    expect(verifyProviderSignature(current, during)).toBe(true)
    expect(verifyProviderSignature(previous, during)).toBe(true)
    expect(verifyProviderSignature(saved, during)).toBe(false)

    server.clock.advance(HOUR)
    expect(await endpoint()).toMatchObject({ secret: current, previousSecretExpiresAt: null })
    const after = await testEvent()
    expect(signatures(after)).toBe(1)
    expect(verifyProviderSignature(current, after)).toBe(true)
  })
})

describe('a sandbox deleted since the snapshot', () => {
  it('comes back with its data, but its keys revoked and a new webhook secret', async () => {
    const sandbox = await createOrganization(server, 'deleted after the snapshot')
    const asSandbox = { ...consoleAuth(), 'paydesk-organization': sandbox.id }
    const oldSecret = (await endpoint(asSandbox)).secret as string
    expect((await server.request('PUT', '/console/webhooks/endpoint', { headers: asSandbox, body: { defaultUrl: hook.url } })).status).toBe(200)
    expect(await answerTo(sandbox.testKey)).toBe(200)
    await save('with-sandbox')
    expect((await server.request('DELETE', `/console/sandboxes/${sandbox.id}`, { headers: consoleAuth() })).status).toBe(200)

    await restore('with-sandbox')
    expect(await answerTo(sandbox.testKey)).toBe(401)
    expect(await answerTo(sandbox.liveKey)).toBe(401)
    const listed = await keys(asSandbox)
    expect(listed.length).toBeGreaterThan(0)
    expect(listed.every((k) => k.revokedAt === server.clock.now())).toBe(true)
    const shown = await endpoint(asSandbox)
    expect(shown).toMatchObject({ defaultUrl: hook.url, previousSecretExpiresAt: null })
    expect(shown.secret).not.toBe(oldSecret)
    const sent = await testEvent(asSandbox)
    expect(verifyProviderSignature(shown.secret, sent)).toBe(true)
    expect(verifyProviderSignature(oldSecret, sent)).toBe(false)
    // The organization's other data came back: its live endpoint is there too, with a new secret of its own.
    const live = await endpoint({ ...asSandbox, 'paydesk-environment': 'live' })
    expect(live.secret).not.toBe(shown.secret)
  })
})
