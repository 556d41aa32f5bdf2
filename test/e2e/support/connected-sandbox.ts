import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { CONSOLE_TOKEN } from './sandbox'

const ROOT = resolve(__dirname, '..', '..', '..')

/**
 * A Paydesk connected to a provider account (`paydesk serve --upstream …`) on a fresh in-memory database and
 * a free port: the provider is the shared e2e sandbox, read with its own test key (given in
 * PAYDESK_UPSTREAM_KEY, never on the command line). It serves the same dist-web the shared webServer built.
 */
export async function startConnectedSandbox(providerUrl: string, providerKey: string): Promise<{ url: string; stop(): Promise<void> }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_')))
  const child = spawn(process.execPath, [
    '--import', 'tsx', 'electron/cli/index.ts', 'serve', '--port', '0', '--db', ':memory:', '--console-token', CONSOLE_TOKEN,
    '--upstream', `${providerUrl}/v1`, '--upstream-poll', '1',
  ], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...clean, PAYDESK_UPSTREAM_KEY: providerKey } })
  let output = ''
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`connected sandbox did not start in 60 s:\n${output}`)), 60_000)
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
      reject(new Error(`connected sandbox exited with ${code}:\n${output}`))
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
