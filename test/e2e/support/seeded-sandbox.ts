import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { CONSOLE_TOKEN, TEST_API_KEY } from './sandbox'

const ROOT = resolve(__dirname, '..', '..', '..')

/**
 * A second sandbox for tests that need a big history (10,000+ transactions), so the shared one keeps its
 * small, fast data set: `paydesk serve --seed-transactions N` on a fresh in-memory database and a free
 * port, with the shared sandbox's credentials. It serves the same dist-web the shared webServer built.
 */
export async function startSeededSandbox(transactions: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [
    '--import', 'tsx', 'electron/cli/index.ts', 'serve', '--port', '0', '--db', ':memory:', '--seed-transactions', String(transactions),
    '--console-token', CONSOLE_TOKEN, '--api-key', TEST_API_KEY, '--rate-limit', '0', '--simulator', 'fast',
  ], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`seeded sandbox did not start in 60 s:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const match = /API base URL\s+(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolveUrl(match[1]!)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`seeded sandbox exited with ${code}:\n${output}`))
    })
  })
  return {
    url,
    stop: () => new Promise<void>((done) => {
      if (child.exitCode !== null) return done()
      child.once('exit', () => done())
      child.kill('SIGTERM')
    }),
  }
}
