import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'

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

interface SpawnOptions {
  args: string[]
  port: number
  /** Write a V8 CPU profile of the child into this folder when it exits. */
  cpuProfileDir?: string
  /** Resolve once stdout contains this text. */
  readyText: string
  readyTimeoutMs: number
  env?: Record<string, string>
}

/** Spawns the child at once; `ready` resolves when its stdout shows the ready text. */
function spawnNode(options: SpawnOptions): { spawnedAt: number; ready: Promise<Child> } {
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []
  if (options.cpuProfileDir) mkdirSync(options.cpuProfileDir, { recursive: true })
  const spawnedAt = performance.now()
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...options.args], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env },
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const handle: Child = {
    process: child, pid: child.pid!, port: options.port, url: `http://127.0.0.1:${options.port}`, spawnedAt,
    output: () => output,
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
    const timer = setTimeout(() => {
      void handle.stop()
      fail(new Error(`child did not get ready in ${options.readyTimeoutMs} ms:\n${output}`))
    }, options.readyTimeoutMs)
    const onExit = (code: number | null) => {
      clearTimeout(timer)
      fail(new Error(`child exited with ${code} before it was ready:\n${output}`))
    }
    const check = () => {
      if (!output.includes(options.readyText)) return
      clearTimeout(timer)
      child.stdout!.off('data', check)
      child.off('exit', onExit)
      done(handle)
    }
    child.stdout!.on('data', check)
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

/**
 * `paydesk serve` exactly as `npm run serve` runs it (node --import tsx electron/cli/index.ts serve),
 * without the console build step, with the rate limit off and fixed keys. While it boots, a probe loop
 * asks every 2 ms for a real API answer, so `firstAnswerMs` is process start to first answered request.
 */
export async function startPaydesk(options: PaydeskOptions): Promise<PaydeskChild> {
  const port = await freePort()
  const args = [
    join(ROOT, 'electron/cli/index.ts'), 'serve', '--db', options.dbPath, '--port', String(port), '--rate-limit', '0',
    '--api-key', BENCH_KEY, '--console-token', BENCH_CONSOLE_TOKEN, '--webhook-secret', BENCH_WEBHOOK_SECRET,
    '--simulator', options.simulator ?? 'fast',
    ...(options.seedTransactions ? ['--seed-transactions', String(options.seedTransactions)] : []),
  ]
  const url = `http://127.0.0.1:${port}`
  let firstAnswerMs = NaN
  let probing = true
  const { spawnedAt, ready } = spawnNode({ args, port, cpuProfileDir: options.cpuProfileDir, readyText: 'Paydesk sandbox is ready', readyTimeoutMs: options.readyTimeoutMs ?? 180_000 })
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
