import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN, startTestServer, type TestServer } from '../support/harness'
import { killHard, startCli, stopGracefully, type CliHost } from '../support/cli-process'
import { runCli } from '../support/cli-run'
import { PROVIDER_KEY } from '../support/upstream-pair'

/**
 * The real `paydesk serve --upstream …` against a second Paydesk as the provider: a live key needs
 * --upstream-allow-live (exit 2 with the reason), and a SIGKILL in the middle of the backfill loses
 * nothing: the next start resumes where the backfill stood, and the diff is zero.
 */
const DAY = 86_400_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
let provider: TestServer
let folder: string
const consoleHeaders = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' }

beforeAll(async () => {
  // The provider's clock is the wall clock: the CLI's "today" is the same day.
  provider = await startTestServer({ apiKey: PROVIDER_KEY, seedHistory: 600, now: Date.now })
  folder = mkdtempSync(join(tmpdir(), 'paydesk-upstream-cli-'))
})
afterAll(async () => {
  await provider?.close()
  rmSync(folder, { recursive: true, force: true })
})

function keyFile(name: string, key: string): string {
  const path = join(folder, name)
  writeFileSync(path, key)
  chmodSync(path, 0o600)
  return path
}

async function consoleGet(host: CliHost, path: string): Promise<any> {
  const answer = await fetch(`${host.url}${path}`, { headers: consoleHeaders })
  return (await answer.json() as { data: unknown }).data
}

describe('paydesk serve --upstream', () => {
  it('refuses a live key without --upstream-allow-live: exit 2 with the reason', async () => {
    const result = await runCli(['serve', '--port', '0', '--db', ':memory:', '--upstream', provider.url, '--upstream-key-file', keyFile('live', 'sk_live_realmoney00000001')])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/live key.*--upstream-allow-live/)
    expect(result.stdout + result.stderr).not.toContain('realmoney00000001')
  })

  it('resumes a backfill cut by SIGKILL and ends with a diff of zero', async () => {
    const dbFile = join(folder, 'mirror.db')
    const since = day(Date.now() - 60 * DAY)
    const args = ['--db', dbFile, '--console-token', CONSOLE_TOKEN, '--upstream', `${provider.url}/v1`, '--upstream-key-file', keyFile('test', PROVIDER_KEY), '--upstream-since', since]
    // Slow list answers: the backfill is still running when the process is killed.
    await provider.request('PUT', '/console/faults/api', { headers: consoleHeaders, body: { scope: 'transactions.list', faults: { latency: { minMs: 80 } } } })
    const first = await startCli([...args, '--upstream-poll', '3600'])
    let state: any
    for (;;) {
      state = await consoleGet(first, '/console/upstream')
      if (state.backfill.rows > 0 || state.backfill.done) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await killHard(first)
    expect(state.backfill.done).toBe(false)
    await provider.request('POST', '/console/faults/clear', { headers: consoleHeaders })
    const second = await startCli([...args, '--upstream-poll', '3600'])
    try {
      const resumed = await consoleGet(second, '/console/upstream')
      expect(resumed.backfill.rows).toBeGreaterThanOrEqual(state.backfill.rows)
      for (;;) {
        state = await consoleGet(second, '/console/upstream')
        if (state.backfill.done && state.lastSyncAt !== null) break
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      const diff = await consoleGet(second, `/console/upstream/diff?from=${since}&to=${day(Date.now())}`)
      expect(diff.mismatches).toEqual([])
      expect(diff.local.count).toBeGreaterThan(100)
      expect(diff.local).toEqual(diff.upstream)
    } finally {
      expect(await stopGracefully(second)).toBe(0)
    }
    // The key is nowhere in the database: only its last four characters.
    for (const file of [dbFile, `${dbFile}-wal`]) {
      if (!existsSync(file)) continue
      const bytes = readFileSync(file)
      expect(bytes.includes(PROVIDER_KEY)).toBe(false)
      expect(bytes.includes(PROVIDER_KEY.slice('sk_test_'.length))).toBe(false)
    }
  })
})
