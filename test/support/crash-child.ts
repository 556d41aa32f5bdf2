import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import type { TestServer } from './harness'

/**
 * Runs `script` (a downstream Paydesk sending to `provider`) in a child process of its own. With `killAt`, it is
 * SIGKILLed once the provider holds that many transactions whose reference starts with `prefix`: in the middle
 * of its run, requests in flight. Otherwise it runs to its end, which it marks by printing "done" first; what
 * it prints after that line is `output`. Any other end fails with the child's last error output.
 */
export function runCrashChild(
  script: string, args: readonly string[], provider: TestServer, crash: { prefix: string; killAt: number | null },
): Promise<{ end: 'killed' | 'done'; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: resolve(__dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => void (errors += chunk.toString()))
  const atProvider = provider.service.internals.store.db.prepare('SELECT COUNT(*) AS n FROM transactions WHERE merchant_transaction_id LIKE ?')
  const { killAt } = crash
  const watch = killAt === null ? undefined : setInterval(() => {
    if ((atProvider.get(`${crash.prefix}%`) as { n: number }).n >= killAt) child.kill('SIGKILL')
  }, 5)
  return new Promise((done, fail) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()))
    child.on('exit', (code, signal) => {
      clearInterval(watch)
      if (signal === 'SIGKILL') return done({ end: 'killed', output })
      if (code === 0 && output.startsWith('done\n')) return done({ end: 'done', output: output.slice('done\n'.length) })
      fail(new Error(`${script} ended with ${code ?? signal}: ${errors.slice(-2000)}`))
    })
  })
}
