import { execFile } from 'node:child_process'
import { resolve } from 'node:path'

const ROOT = resolve(__dirname, '../..')

/** Runs one `paydesk <args>` command of the repository's CLI to its end, as a user would from a shell. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_')))
  return new Promise((done) => {
    execFile(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', ...args], { cwd: ROOT, env: { ...clean, ...env } }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr })
    })
  })
}
