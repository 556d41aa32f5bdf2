import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../support/harness'
import { b2cBody } from './helpers'
import { asAutomation, asSession, createUser, signIn, teamServers } from './team-support'

// The audit log is a team's evidence of who did what and when: each entry records the host's real clock
// (recordedAt) beside the simulated one (at), which QA moves ahead by days.

const teamServer = teamServers()
const folder = mkdtempSync(join(tmpdir(), 'paydesk-audit-real-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const DAY = 86_400_000
const SECONDS = 5_000

interface Entry { id: number; at: number; recordedAt: number | null; action: string; target: string | null; actor: { name: string } }

async function auditEntries(server: TestServer, headers: Record<string, string> = asAutomation): Promise<Entry[]> {
  const response = await server.request('GET', '/console/audit', { headers })
  expect(response.status).toBe(200)
  return response.body.data.items as Entry[]
}

async function advanceSimulatedClock(server: TestServer, ms: number): Promise<void> {
  expect((await server.request('POST', '/console/simulator/advance', { headers: asAutomation, body: { ms } })).status).toBe(200)
}

async function createKey(server: TestServer, label: string): Promise<string> {
  const created = await server.request('POST', '/console/keys', { headers: asAutomation, body: { label } })
  expect(created.status).toBe(201)
  return created.body.data.id as string
}

describe('an audit entry records when it really happened', () => {
  it('stamps the real clock while the simulated clock is days ahead, and follows the real clock as it moves', async () => {
    const server = await teamServer()
    await advanceSimulatedClock(server, 2 * DAY)
    const keyId = await createKey(server, 'after the clock moved')
    const created = (await auditEntries(server)).find((e) => e.action === 'console.keys.create' && e.target === keyId)!
    expect(Math.abs(created.recordedAt! - server.clock.now())).toBeLessThanOrEqual(SECONDS)
    expect(created.at - created.recordedAt!).toBeGreaterThanOrEqual(2 * DAY - SECONDS)

    // Real time passes (the simulated clock with it); the next entry's real time moves by as much.
    server.clock.advance(10 * 60_000)
    await createUser(server, 'rhea', 'viewer')
    const token = await signIn(server, 'rhea')
    const signedIn = (await auditEntries(server, asSession(token))).find((e) => e.action === 'console.sessions.create')!
    expect(signedIn.actor.name).toBe('rhea')
    expect(Math.abs(signedIn.recordedAt! - server.clock.now())).toBeLessThanOrEqual(SECONDS)
    expect(signedIn.recordedAt! - created.recordedAt!).toBeGreaterThanOrEqual(10 * 60_000)
    expect(signedIn.at - signedIn.recordedAt!).toBeGreaterThanOrEqual(2 * DAY - SECONDS)
  })

  it('stamps the real clock on a request the approval policy holds, too', async () => {
    const server = await teamServer()
    const policy = await server.request('PUT', '/console/approval-policy', { headers: asAutomation, body: { rules: [{ action: 'b2c', environment: 'test', minAmount: 1, approvals: 1 }] } })
    expect(policy.status).toBe(200)
    await createUser(server, 'sefu', 'maker')
    const token = await signIn(server, 'sefu')
    await advanceSimulatedClock(server, 2 * DAY)
    const held = await server.request('POST', '/v1/mobile/b2c', { headers: asSession(token), body: b2cBody({ amount: 100_000 }) })
    expect(held.status, JSON.stringify(held.body)).toBe(202)
    const entry = (await auditEntries(server)).find((e) => e.target === held.body.data.approval.id)!
    expect(entry.action).toBe('mobile.b2c')
    expect(Math.abs(entry.recordedAt! - server.clock.now())).toBeLessThanOrEqual(SECONDS)
    expect(entry.at - entry.recordedAt!).toBeGreaterThanOrEqual(2 * DAY - SECONDS)
  })

  it('answers null for an entry written before Paydesk recorded the real time, and the real time for the next', async () => {
    const dbPath = join(folder, 'older.db')
    const first = await teamServer({ dbPath })
    const olderKey = await createKey(first, 'written by an older Paydesk')
    await first.close()
    // The file as Paydesk left it before migration 029: no recorded_at column, schema version 28.
    const file = new Database(dbPath)
    file.exec('ALTER TABLE audit_log DROP COLUMN recorded_at')
    file.pragma('user_version = 28')
    file.close()

    const server = await teamServer({ dbPath })
    await advanceSimulatedClock(server, 3 * DAY)
    const newerKey = await createKey(server, 'written now')
    const entries = await auditEntries(server)
    const older = entries.find((e) => e.action === 'console.keys.create' && e.target === olderKey)!
    const newer = entries.find((e) => e.action === 'console.keys.create' && e.target === newerKey)!
    expect(older.recordedAt).toBeNull()
    expect(Math.abs(newer.recordedAt! - server.clock.now())).toBeLessThanOrEqual(SECONDS)
    expect(newer.at - newer.recordedAt!).toBeGreaterThanOrEqual(3 * DAY - SECONDS)
  })

  it('cannot be edited: the append-only triggers refuse an UPDATE of the real time too', async () => {
    const server = await teamServer()
    await createKey(server, 'evidence')
    const { db } = server.service.internals.store
    expect(() => db.prepare('UPDATE audit_log SET recorded_at = 0').run()).toThrow(/append-only/)
    expect(() => db.prepare('UPDATE audit_log SET recorded_at = NULL').run()).toThrow(/append-only/)
  })
})
