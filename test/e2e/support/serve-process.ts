import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

const ROOT = resolve(__dirname, '..', '..', '..')

export interface ServeProcess { url: string; stop(): Promise<void> }

/**
 * `paydesk serve <args>` in a child process of its own (a second sandbox beside the shared webServer's),
 * started once it prints its API base URL; `label` names it in the errors when it does not start.
 */
export async function startServeProcess(label: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<ServeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', 'serve', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env })
  let output = ''
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start in 60 s:\n${output}`)), 60_000)
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
      reject(new Error(`${label} exited with ${code}:\n${output}`))
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
