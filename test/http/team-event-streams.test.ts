import { afterEach, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN, ref, startTestServer, type TestServer } from '../support/harness'
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../electron/service/team/sessions'
import { asAutomation, asSession, createUser, signIn } from './team-support'

// An event stream lives only as long as the sign-in session that opened it: a signed-out, disabled or
// re-roled user, or an idle session (the host's real clock), stops receiving push events, which can carry
// transaction data. The console token (automation) has no session and its stream is left as it was.

const servers: TestServer[] = []
const aborts: AbortController[] = []
afterEach(async () => {
  for (const controller of aborts.splice(0)) controller.abort()
  for (const server of servers.splice(0)) await server.close()
})
async function teamServer(): Promise<TestServer> {
  const server = await startTestServer({ team: true })
  servers.push(server)
  return server
}

/** An open event stream, read as it comes: all its text so far, and whether the server ended it. */
interface OpenStream {
  text(): string
  ended(): boolean
  /** Resolves once the text holds `needle` (the test's timeout bounds the wait). */
  receives(needle: string): Promise<void>
  /** Resolves once the server ended the response. */
  closed(): Promise<void>
}

async function openStream(server: TestServer, bearer: string): Promise<OpenStream> {
  const controller = new AbortController()
  aborts.push(controller)
  const response = await fetch(`${server.url}/console/events`, { headers: { authorization: `Bearer ${bearer}` }, signal: controller.signal })
  expect(response.status).toBe(200)
  let text = ''
  let done = false
  const waiters = new Set<() => void>()
  const wake = () => {
    for (const waiter of [...waiters]) waiter()
  }
  const waitFor = (ready: () => boolean) => new Promise<void>((resolve) => {
    const look = () => {
      if (!ready()) return
      waiters.delete(look)
      resolve()
    }
    waiters.add(look)
    look()
  })
  void (async () => {
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    try {
      for (;;) {
        const chunk = await reader.read()
        if (chunk.done) break
        text += decoder.decode(chunk.value, { stream: true })
        wake()
      }
      done = true
    } catch {
      // Aborted by the test itself: not an end by the server.
    }
    wake()
  })()
  const stream: OpenStream = { text: () => text, ended: () => done, receives: (needle) => waitFor(() => text.includes(needle)), closed: () => waitFor(() => done) }
  await waitFor(() => text.includes(': connected'))
  return stream
}

/** A charge over the public API: every open stream is sent its `transaction.changed`. Answers its id. */
async function charge(server: TestServer): Promise<string> {
  const answer = await server.request('POST', '/v1/mobile/charge', { body: { phoneNumber: '0712345678', amount: 1_000, merchantTransactionId: ref('stream') } })
  expect(answer.status).toBe(202)
  return answer.body.data.transactionId as string
}

describe('an event stream opened with a sign-in session', () => {
  it('receives events, is ended when its user signs out and receives nothing more; a stream of another user stays open', async () => {
    const server = await teamServer()
    await createUser(server, 'mika', 'maker')
    await createUser(server, 'noor', 'viewer')
    const mikaToken = await signIn(server, 'mika')
    const mika = await openStream(server, mikaToken)
    const noor = await openStream(server, await signIn(server, 'noor'))
    const first = await charge(server)
    await mika.receives(first)
    expect((await server.request('DELETE', '/console/sessions/current', { headers: asSession(mikaToken) })).status).toBe(200)
    await mika.closed()
    const second = await charge(server)
    await noor.receives(second)
    expect(mika.text()).not.toContain(second)
    expect(noor.ended()).toBe(false)
  })

  it('is ended when an owner disables its user, or gives them a new role; the other user\'s stream stays open', async () => {
    const server = await teamServer()
    const mikaUser = await createUser(server, 'mika', 'maker')
    const omarUser = await createUser(server, 'omar', 'maker')
    await createUser(server, 'noor', 'viewer')
    const mika = await openStream(server, await signIn(server, 'mika'))
    const omar = await openStream(server, await signIn(server, 'omar'))
    const noor = await openStream(server, await signIn(server, 'noor'))
    const first = await charge(server)
    await Promise.all([mika.receives(first), omar.receives(first)])
    expect((await server.request('PUT', `/console/users/${mikaUser.id}`, { headers: asAutomation, body: { disabled: true } })).status).toBe(200)
    await mika.closed()
    expect((await server.request('PUT', `/console/users/${omarUser.id}`, { headers: asAutomation, body: { role: 'viewer' } })).status).toBe(200)
    await omar.closed()
    const second = await charge(server)
    await noor.receives(second)
    expect(mika.text()).not.toContain(second)
    expect(omar.text()).not.toContain(second)
    expect(noor.ended()).toBe(false)
  })

  it('is ended once its session is idle on the real clock, before the next event reaches it; the console token\'s stream is not', async () => {
    const server = await teamServer()
    await createUser(server, 'mika', 'maker')
    const mika = await openStream(server, await signIn(server, 'mika'))
    const automation = await openStream(server, CONSOLE_TOKEN)
    server.clock.advance(SESSION_IDLE_MS)
    const id = await charge(server)
    await automation.receives(id)
    await mika.closed()
    expect(mika.text()).not.toContain(id)
    expect(automation.ended()).toBe(false)
  })

  it('stays open while its session is used past its first idle end, and is ended at the session\'s lifetime end', async () => {
    const server = await teamServer()
    await createUser(server, 'mika', 'maker')
    const token = await signIn(server, 'mika')
    const mika = await openStream(server, token)
    const step = SESSION_IDLE_MS - 60 * 60_000
    let used = 0
    while (used + step < SESSION_MAX_MS) {
      server.clock.advance(step)
      used += step
      expect((await server.request('GET', '/console/sessions/current', { headers: asSession(token) })).status).toBe(200)
    }
    const inUse = await charge(server)
    await mika.receives(inUse)
    server.clock.advance(SESSION_MAX_MS - used)
    const past = await charge(server)
    await mika.closed()
    expect(mika.text()).not.toContain(past)
  })

  it('is ended once its session is idle with no event at all (the watch looks every few seconds)', async () => {
    const server = await teamServer()
    await createUser(server, 'mika', 'maker')
    const mika = await openStream(server, await signIn(server, 'mika'))
    server.clock.advance(SESSION_IDLE_MS)
    await mika.closed()
  }, 20_000)

  it('does not keep its session alive: neither the open stream nor opening one counts as use', async () => {
    const server = await teamServer()
    await createUser(server, 'mika', 'maker')
    const token = await signIn(server, 'mika')
    await openStream(server, token)
    server.clock.advance(SESSION_IDLE_MS - 60 * 60_000)
    const reopened = await openStream(server, token)
    server.clock.advance(60 * 60_000)
    const current = await server.request('GET', '/console/sessions/current', { headers: asSession(token) })
    expect(current.status).toBe(401)
    await reopened.closed()
  }, 20_000)
})
