import { chmodSync, chownSync, existsSync, lchownSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { startCli, stopGracefully, type CliHost } from '../support/cli-process'
import { startTestServer, type TestServer } from '../support/harness'
import { consoleAuth } from './helpers'

/**
 * The folders Paydesk writes secrets into are the user's own: the snapshots folder (every snapshot is a whole
 * copy of the database) is tightened to 0700, or refused when another user owns it; the database's folder
 * loses others' write access, may be shared and sticky (as /tmp: the database's files are created there
 * exclusively), and is refused when it is another user's or when another user's file waits at the database's,
 * its -wal's or its -shm's name. Temporary files are created exclusively, never through a link waiting at their name.
 */
const root = mkdtempSync(join(tmpdir(), 'paydesk-folders-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const mode = (path: string) => statSync(path).mode & 0o7777
/** Another user's id, for the cases only root can set up (chown). */
const NOBODY = 65534
const asRoot = process.getuid?.() === 0

let folderCount = 0
function folder(permissions: number): string {
  const path = join(root, `f${++folderCount}`)
  mkdirSync(path)
  chmodSync(path, permissions)
  return path
}

/** Starts `paydesk serve`, or resolves with what it printed when it refused to start. */
async function serveOrRefusal(args: string[]): Promise<{ host: CliHost } | { refused: string }> {
  try {
    return { host: await startCli(args) }
  } catch (error) {
    return { refused: String(error) }
  }
}

describe("the database's folder", () => {
  const hosts: CliHost[] = []
  afterAll(async () => {
    for (const host of hosts) await stopGracefully(host)
  })

  it('loses write access for others when it is the user\'s own', { timeout: 30_000 }, async () => {
    const dir = folder(0o777)
    const started = await serveOrRefusal(['--db', join(dir, 'paydesk.db')])
    if ('refused' in started) throw new Error(started.refused)
    hosts.push(started.host)
    expect(mode(dir)).toBe(0o755)
    expect(mode(join(dir, 'paydesk.db'))).toBe(0o600)
  })

  it('may be a shared sticky folder (as /tmp): the database, -wal and -shm are created there owner-only', { timeout: 30_000 }, async () => {
    const dir = folder(0o1777)
    const dbPath = join(dir, 'paydesk.db')
    const started = await serveOrRefusal(['--db', dbPath])
    if ('refused' in started) throw new Error(started.refused)
    hosts.push(started.host)
    expect(mode(dir)).toBe(0o1777)
    for (const path of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) expect(mode(path)).toBe(0o600)
  })

  it('takes --db "$(mktemp -u)": a new name in the shared temporary folder', { timeout: 30_000 }, async () => {
    const dbPath = join(tmpdir(), `paydesk-mktemp-${process.pid}-${Date.now()}.db`)
    try {
      const started = await serveOrRefusal(['--db', dbPath])
      if ('refused' in started) throw new Error(started.refused)
      await stopGracefully(started.host)
      expect(mode(dbPath)).toBe(0o600)
    } finally {
      for (const path of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) rmSync(path, { force: true })
    }
  })

  it.skipIf(!asRoot)("is refused when the database, its -wal or its -shm is already there and another user's", { timeout: 30_000 }, async () => {
    for (const suffix of ['', '-wal', '-shm']) {
      const dir = folder(0o1777)
      const planted = join(dir, `paydesk.db${suffix}`)
      writeFileSync(planted, '', { mode: 0o666 })
      chownSync(planted, NOBODY, NOBODY)
      const result = await serveOrRefusal(['--db', join(dir, 'paydesk.db')])
      if ('host' in result) hosts.push(result.host)
      expect('refused' in result && result.refused).toMatch(new RegExp(`Paydesk will not write into .*: paydesk\\.db${suffix} is already there and belongs to another user \\(uid ${NOBODY}\\)`))
      expect(statSync(planted).size).toBe(0)
    }
  })

  it.skipIf(!asRoot)("is refused when it is another user's", { timeout: 30_000 }, async () => {
    const dir = folder(0o755)
    chownSync(dir, NOBODY, NOBODY)
    const result = await serveOrRefusal(['--db', join(dir, 'paydesk.db')])
    if ('host' in result) hosts.push(result.host)
    expect('refused' in result && result.refused).toMatch(new RegExp(`belongs to another user \\(uid ${NOBODY}\\)`))
  })
})

describe('the snapshots folder', () => {
  let server: TestServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })
  async function serverIn(dir: string): Promise<TestServer> {
    server = await startTestServer({ dbPath: join(dir, 'paydesk.db') })
    return server
  }
  const save = (s: TestServer, name: string) => s.request('POST', '/console/snapshots', { headers: consoleAuth('test'), body: { name } })

  it('is tightened to 0700 before a snapshot is written into it', async () => {
    const dir = folder(0o700)
    mkdirSync(join(dir, 'snapshots'))
    chmodSync(join(dir, 'snapshots'), 0o777)
    const s = await serverIn(dir)
    expect((await save(s, 'first')).status).toBe(201)
    expect(mode(join(dir, 'snapshots'))).toBe(0o700)
    expect(mode(join(dir, 'snapshots', 'first.sqlite'))).toBe(0o600)
  })

  it.skipIf(!asRoot)("is refused when another user made it first, or owns the link to it", async () => {
    const dir = folder(0o700)
    mkdirSync(join(dir, 'snapshots'), { mode: 0o777 })
    chownSync(join(dir, 'snapshots'), NOBODY, NOBODY)
    const s = await serverIn(dir)
    const refused = await save(s, 'taken')
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toMatch(/Paydesk will not write into .*snapshots: it belongs to another user \(uid 65534\)/)
    expect(readdirSync(join(dir, 'snapshots'))).toEqual([])
    expect((await s.request('GET', '/console/snapshots', { headers: consoleAuth('test') })).status).toBe(403)

    // A link another user owns, to a folder of ours: they could point it elsewhere at any time.
    rmSync(join(dir, 'snapshots'), { recursive: true })
    const ours = folder(0o700)
    symlinkSync(ours, join(dir, 'snapshots'))
    lchownSync(join(dir, 'snapshots'), NOBODY, NOBODY)
    const linked = await save(s, 'linked')
    expect(linked.status).toBe(403)
    expect(linked.body.error.message).toMatch(/it is a link owned by another user/)
    expect(readdirSync(ours)).toEqual([])
  })

  it('writes a snapshot through a temporary file of its own, never through a link waiting at its name', async () => {
    const dir = folder(0o700)
    const snapshots = join(dir, 'snapshots')
    mkdirSync(snapshots, { mode: 0o700 })
    const victim = join(folder(0o700), 'victim')
    // The names a temporary file used to get (<name>.sqlite.<pid>.<ms>.tmp): links for the next 20 seconds.
    const from = Date.now() - 1_000
    for (let ms = from; ms < from + 20_000; ms++) symlinkSync(victim, join(snapshots, `planted.sqlite.${process.pid}.${ms}.tmp`))
    const s = await serverIn(dir)
    expect((await save(s, 'planted')).status).toBe(201)
    expect(existsSync(victim)).toBe(false)
    expect(lstatSync(join(snapshots, 'planted.sqlite')).isFile()).toBe(true)
  })
})
