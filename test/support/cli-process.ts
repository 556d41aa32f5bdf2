import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

const ROOT = resolve(__dirname, '../..')

export interface CliHost {
  child: ChildProcess
  /** http://127.0.0.1:<port> (the API is under /v1), or the address given with --host / https with --tls-cert. */
  url: string
  /** Everything the process wrote so far, stdout and stderr interleaved. */
  output(): string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** The test runner's PAYDESK_* variables must not leak into the host under test. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_')))
}

/**
 * Spawns the real headless host, `paydesk serve --port 0 …`, as a user runs it, and resolves once its
 * banner names the URL. Callers own the process: kill it (killHard / stopGracefully) when done.
 */
export function startCli(args: string[]): Promise<CliHost> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', 'serve', '--port', '0', ...args], {
    cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once('exit', (code, signal) => done({ code, signal })))
  return new Promise((resolveStart, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const match = /API base URL\s+(https?:\/\/[^\s/]+)\/v1/.exec(output)
      if (match && output.includes('Press Ctrl+C to stop.')) resolveStart({ child, url: match[1]!, output: () => output, exited })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    void exited.then(({ code, signal }) => reject(new Error(`paydesk serve exited (${code ?? signal}) before it was ready:\n${output}`)))
  })
}

/** SIGKILL: no shutdown code runs, exactly like a crash or a power cut of the process. */
export async function killHard(host: CliHost): Promise<void> {
  if (host.child.exitCode === null && host.child.signalCode === null) host.child.kill('SIGKILL')
  await host.exited
}

/** SIGTERM and wait: the host closes its server and database and exits 0. */
export async function stopGracefully(host: CliHost): Promise<number | null> {
  if (host.child.exitCode === null && host.child.signalCode === null) host.child.kill('SIGTERM')
  return (await host.exited).code
}
