import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'

/**
 * Child processes of the benchmarks. Every server runs in its own process so autocannon (in the
 * runner's process) never shares its event loop, exactly as a real client would not.
 */
export const ROOT = resolve(__dirname, '../..')
export const BENCH_KEY = 'sk_test_benchmark000000000000000001'
export const BENCH_CONSOLE_TOKEN = 'pdc_benchmark_console_token_000001'
export const BENCH_WEBHOOK_SECRET = 'whsec_YmVuY2htYXJrLXdlYmhvb2stc2VjcmV0LTAwMQ=='
export const API_HEADERS = { authorization: `Bearer ${BENCH_KEY}`, 'content-type': 'application/json' }

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => done(port))
    })
  })
}

/** One GET; resolves with the status, or null when nothing answers yet (connection refused). */
export function probe(url: string, headers: Record<string, string> = {}): Promise<number | null> {
  return new Promise((done) => {
    const req = request(url, { headers, agent: false }, (res) => {
      res.resume()
      res.on('end', () => done(res.statusCode ?? null))
    })
    req.on('error', () => done(null))
    req.end()
  })
}

export interface Child {
  process: ChildProcess
  pid: number
  url: string
  port: number
  /** performance.now() just before spawn. */
  spawnedAt: number
  output(): string
  /** Resident memory of the process in MB, now and at its peak, from /proc (Linux). */
  memory(): { rssMb: number; peakMb: number } | null
  stop(): Promise<void>
}

function readMemory(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 }
  } catch {
    return null
  }
}

/** CPU time the process has used so far, in seconds (user + system, from /proc; null where there is none). */
export function cpuSeconds(pid: number): number | null {
  try {
    // Fields after the command name, which is in parentheses and may itself hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100 // utime, stime in clock ticks (USER_HZ = 100 on Linux)
  } catch {
    return null
  }
}

export interface SpawnOptions {
  args: string[]
  port: number
  /** Write a V8 CPU profile of the child into this folder when it exits. */
  cpuProfileDir?: string
  /** Resolve once stdout contains this text. */
  readyText: string
  readyTimeoutMs: number
  env?: Record<string, string>
  /** Run the script through tsx (our own TypeScript); false for plain JavaScript such as the peers. */
  tsx?: boolean
  /**
   * Send the child's stdout and stderr to this file instead of a pipe into the bench's process. For
   * children that log every request (the peers do): reading those logs would cost the process that
   * runs autocannon CPU in the middle of the measurement.
   */
  logFile?: string
}

/** The last `chars` characters of a file ('' when it is missing). */
function fileTail(path: string, chars = 64 * 1024): string {
  try {
    const fd = openSync(path, 'r')
    try {
      const size = fstatSync(fd).size
      const buffer = Buffer.alloc(Math.min(size, chars))
      readSync(fd, buffer, 0, buffer.length, size - buffer.length)
      return buffer.toString()
    } finally {
      closeSync(fd)
    }
  } catch {
    return ''
  }
}

/** Spawns the child at once; `ready` resolves when its output shows the ready text. */
export function spawnNode(options: SpawnOptions): { spawnedAt: number; ready: Promise<Child> } {
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []
  if (options.cpuProfileDir) mkdirSync(options.cpuProfileDir, { recursive: true })
  const spawnedAt = performance.now()
  const loader = options.tsx === false ? [] : ['--import', 'tsx']
  const logFd = options.logFile ? openSync(options.logFile, 'w') : null
  const child = spawn(process.execPath, [...profile, ...loader, ...options.args], {
    cwd: ROOT, stdio: logFd === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd], env: { ...process.env, ...options.env },
  })
  if (logFd !== null) closeSync(logFd) // the child holds its own copy
  let piped = ''
  child.stdout?.on('data', (chunk: Buffer) => (piped += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (piped += chunk.toString()))
  const output = () => (options.logFile ? fileTail(options.logFile) : piped)
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const handle: Child = {
    process: child, pid: child.pid!, port: options.port, url: `http://127.0.0.1:${options.port}`, spawnedAt,
    output,
    memory: () => readMemory(child.pid!),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(killer)
    },
  }
  const ready = new Promise<Child>((done, fail) => {
    // A log file is polled; a pipe is checked on every chunk.
    const poll = options.logFile ? setInterval(() => check(), 20) : undefined
    const timer = setTimeout(() => {
      clearInterval(poll)
      void handle.stop()
      fail(new Error(`child did not get ready in ${options.readyTimeoutMs} ms:\n${output()}`))
    }, options.readyTimeoutMs)
    const onExit = (code: number | null) => {
      clearTimeout(timer)
      clearInterval(poll)
      fail(new Error(`child exited with ${code} before it was ready:\n${output()}`))
    }
    const check = () => {
      if (!output().includes(options.readyText)) return
      clearTimeout(timer)
      clearInterval(poll)
      child.stdout?.off('data', check)
      child.off('exit', onExit)
      done(handle)
    }
    child.stdout?.on('data', check)
    child.once('exit', onExit)
  })
  return { spawnedAt, ready }
}

/** The bare node:http hello-world of toolchain §4: the machine's own ceiling for one Node HTTP process. */
export async function startHelloWorld(): Promise<Child> {
  const port = await freePort()
  return spawnNode({ args: [join(ROOT, 'test/bench/hello-server.ts'), String(port)], port, readyText: 'ready', readyTimeoutMs: 30_000 }).ready
}

export interface PaydeskChild extends Child {
  /** ms from spawn to the first answered request (the request is `readyPath` with the bench key). */
  firstAnswerMs: number
}

export interface PaydeskOptions {
  dbPath: string
  seedTransactions?: number
  simulator?: 'fast' | 'realistic' | 'interactive'
  cpuProfileDir?: string
  /** Long enough to seed a million rows on a slow machine. */
  readyTimeoutMs?: number
}

/** The compiled CLI, rebuilt if stale, once per bench run (not before each of its servers). */
let cliBuilt = false
function buildCliOnce(): void {
  if (cliBuilt) return
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs'), '--if-stale'], { cwd: ROOT, stdio: 'inherit' })
  cliBuilt = true
}

/**
 * `paydesk serve` exactly as `npm run serve` runs it (the compiled CLI, dist-cli/paydesk.cjs, rebuilt first
 * when the sources changed), without the console build step, with the rate limit off and fixed keys. While
 * it boots, a probe loop asks every 2 ms for a real API answer, so `firstAnswerMs` is process start to first
 * answered request.
 */
export async function startPaydesk(options: PaydeskOptions): Promise<PaydeskChild> {
  const port = await freePort()
  buildCliOnce()
  const args = [
    join(ROOT, 'dist-cli', 'paydesk.cjs'), 'serve', '--db', options.dbPath, '--port', String(port), '--rate-limit', '0',
    '--api-key', BENCH_KEY, '--console-token', BENCH_CONSOLE_TOKEN, '--webhook-secret', BENCH_WEBHOOK_SECRET,
    '--simulator', options.simulator ?? 'fast',
    ...(options.seedTransactions ? ['--seed-transactions', String(options.seedTransactions)] : []),
  ]
  const url = `http://127.0.0.1:${port}`
  let firstAnswerMs = NaN
  let probing = true
  const { spawnedAt, ready } = spawnNode({ args, port, tsx: false, cpuProfileDir: options.cpuProfileDir, readyText: 'Paydesk sandbox is ready', readyTimeoutMs: options.readyTimeoutMs ?? 180_000 })
  const probes = (async () => {
    while (probing) {
      const status = await probe(`${url}/v1/accounts`, { authorization: `Bearer ${BENCH_KEY}` })
      if (status === 200) {
        firstAnswerMs = performance.now() - spawnedAt
        return
      }
      await new Promise((done) => setTimeout(done, 2))
    }
  })()
  try {
    const child = await ready
    await Promise.race([probes, new Promise((done) => setTimeout(done, 10_000))])
    return { ...child, firstAnswerMs }
  } finally {
    probing = false
  }
}

/** Reads a Paydesk server's database file (running or stopped) through a read-only connection of its own. */
export function readServerDb<T>(dbPath: string, read: (db: Database.Database) => T): T {
  const db = new Database(dbPath, { readonly: true })
  try {
    return read(db)
  } finally {
    db.close()
  }
}
