import { afterEach, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN, ref, startTestServer, type TestServer } from '../support/harness'
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../electron/service/team/sessions'
import { b2cBody } from './helpers'
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

// What a stream is sent is what its caller could read through the API (electron/service/pipeline/push-scope.ts):
// a personal notification only to its recipient, an event whose reading route needs a permission only to
// roles that hold it. Each "not received" is checked once a later event reached that same stream.
describe('what an event stream is sent', () => {
  it('a personal notification only to its recipient\'s stream; a shared one to every stream', async () => {
    const server = await teamServer()
    const amina = await createUser(server, 'amina', 'maker')
    await createUser(server, 'bora', 'approver')
    const policy = { rules: [{ action: 'b2c', environment: 'any', minAmount: 0, approvals: 1 }] }
    expect((await server.request('PUT', '/console/approval-policy', { headers: asAutomation, body: policy })).status).toBe(200)
    const aminaToken = await signIn(server, 'amina')
    const boraToken = await signIn(server, 'bora')
    const maker = await openStream(server, aminaToken)
    const approver = await openStream(server, boraToken)
    const automation = await openStream(server, CONSOLE_TOKEN)
    const held = await server.request('POST', '/v1/mobile/b2c', { headers: asSession(aminaToken), body: b2cBody({ amount: 12_300 }) })
    expect(held.status).toBe(202)
    await server.service.tick() // raised after the COMMIT, as the next batch's side work
    const waiting = 'Approval waiting: B2C payout of KES 123.00'
    await Promise.all([maker.receives(waiting), approver.receives(waiting), automation.receives(waiting)])
    const approved = await server.request('POST', `/console/approvals/${held.body.data.approval.id}/approve`, { headers: asSession(boraToken), body: {} })
    expect(approved.status).toBe(200)
    await server.service.tick()
    const decided = 'Approved and sent: B2C payout of KES 123.00'
    await maker.receives(decided)
    expect(maker.text()).toContain(`"recipientId":"${amina.id}"`)
    const later = await charge(server)
    await Promise.all([approver.receives(later), automation.receives(later)])
    expect(approver.text()).not.toContain(decided)
    expect(automation.text()).not.toContain(decided)
    // The same as the notifications route answers the console token: shared ones and its own only.
    const listed = await server.request('GET', '/console/notifications', { headers: asAutomation })
    expect(listed.body.data.items.map((n: { title: string }) => n.title)).not.toContain(decided)
  })

  it('requests.logged only to a role holding requests.read (a developer, not a maker)', async () => {
    const server = await teamServer()
    await createUser(server, 'dev', 'developer')
    await createUser(server, 'mika', 'maker')
    const developer = await openStream(server, await signIn(server, 'dev'))
    const maker = await openStream(server, await signIn(server, 'mika'))
    const first = await charge(server)
    await server.service.tick() // the request log is written, and announced, on the tick
    await developer.receives('"type":"requests.logged"')
    const later = await charge(server)
    await maker.receives(later)
    expect(maker.text()).toContain(first)
    expect(maker.text()).not.toContain('requests.logged')
    expect((await server.request('GET', '/console/requests', { headers: asSession(await signIn(server, 'mika')) })).status).toBe(403)
  })
})
