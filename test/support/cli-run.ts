import { execFile } from 'node:child_process'
import { resolve } from 'node:path'

const ROOT = resolve(__dirname, '../..')
/** Room for the largest output a command prints (`paydesk openapi` is over 1 MiB, execFile's default). */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024

/** Runs one `paydesk <args>` command of the repository's CLI to its end, as a user would from a shell. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_')))
  return new Promise((done) => {
    execFile(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', ...args], { cwd: ROOT, env: { ...clean, ...env }, maxBuffer: MAX_OUTPUT_BYTES }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr })
    })
  })
}
