import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { ALL_TIME, b2cBody } from './helpers'
import { asAutomation, asSession, createUser } from './team-support'

/**
 * Passwords and sign-in session tokens never appear in a log line, an error message, the request log or
 * the audit log, and are not stored in clear: a run of sign-ins (right, wrong, locked out), session calls
 * on console routes and on /v1 (which the request log keeps in full), refusals and sign-out, read back.
 */
const PASSWORD = 'Tr0ub4dor&3-secret'
const logged: string[] = []
const answers: string[] = []
let server: TestServer
let token: string

beforeAll(async () => {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')))
  }
  server = await startTestServer({ team: true })
  const send = async (method: string, path: string, init: Parameters<TestServer['request']>[2]) => {
    const answer = await server.request(method, path, init)
    answers.push(JSON.stringify(answer.body))
    return answer
  }
  await createUser(server, 'amina', 'maker', PASSWORD)
  await send('POST', '/console/users', { headers: asAutomation, body: { name: 'short', password: 'tiny', role: 'viewer' } })
  for (let i = 0; i < 6; i++) await send('POST', '/console/sessions', { headers: { authorization: '' }, body: { name: 'amina', password: `${PASSWORD}-${i}` } })
  server.clock.advance(15 * 60_000)
  token = (await send('POST', '/console/sessions', { headers: { authorization: '' }, body: { name: 'amina', password: PASSWORD } })).body.data.token
  await send('GET', `/v1/transactions?${ALL_TIME}`, { headers: asSession(token) })
  await send('POST', '/v1/mobile/b2c', { headers: asSession(token), body: b2cBody({ narration: `pay ${token}` }) })
  await send('GET', '/v1/accounts', { headers: asSession(`${token}x`) })
  await send('GET', '/console/keys', { headers: asSession(token) })
  await send('PUT', '/console/team', { headers: asSession(token), body: { requireSignIn: false } })
  await send('DELETE', '/console/sessions/current', { headers: asSession(token) })
  await send('GET', '/console/info', { headers: asSession(token) })
  await send('GET', '/console/requests?limit=50', { headers: asAutomation })
  await send('GET', '/console/audit?limit=100', { headers: asAutomation })
})
afterAll(async () => {
  vi.restoreAllMocks()
  await server.close()
})

function everywhere(): { label: string; text: string }[] {
  const db = server.service.internals.store.db
  const tables = ['api_requests', 'audit_log', 'users', 'user_sessions', 'approvals', 'idempotency_keys', 'settings']
  return [
    ...tables.map((table) => ({ label: `table ${table}`, text: JSON.stringify(db.prepare(`SELECT * FROM ${table}`).all()) })),
    { label: 'logs', text: logged.join('\n') },
    { label: 'answers', text: answers.join('\n') },
  ]
}

describe('a team server', () => {
  it('logged and recorded the run (the test saw what it checks)', () => {
    const db = server.service.internals.store.db
    expect((db.prepare("SELECT COUNT(*) AS n FROM api_requests WHERE path LIKE '/v1/%'").get() as { n: number }).n).toBeGreaterThanOrEqual(3)
    expect((db.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE actor_name = 'amina'").get() as { n: number }).n).toBeGreaterThanOrEqual(2)
    expect(token).toMatch(/^pds_/)
  })

  it('never keeps or shows a password', () => {
    for (const { label, text } of everywhere()) {
      expect(text, label).not.toContain(PASSWORD)
      expect(text, label).not.toContain('tiny')
    }
  })

  it('never keeps or shows a session token but where it is handed out', () => {
    for (const { label, text } of everywhere()) {
      const shown = label === 'answers' ? text.replace(`"token":"${token}"`, '') : text
      expect(shown, label).not.toContain(token.slice(4))
    }
  })
})
