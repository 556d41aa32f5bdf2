import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../support/cli-run'

const ROOT = resolve(__dirname, '../..')

/** stdout must be exactly one JSON document. */
function oneDocument(stdout: string): any {
  return JSON.parse(stdout)
}

describe('--json on every command that prints a result, and the exit codes', () => {
  it('help --json names every command and the exit codes; help documents them too', async () => {
    const json = await runCli(['help', '--json'])
    expect(json.code).toBe(0)
    const help = oneDocument(json.stdout)
    expect(help.commands.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['serve', 'mcp', 'scenario run|check', 'doctor']))
    expect(Object.keys(help.exitCodes)).toEqual(['0', '1', '2'])
    const text = (await runCli(['help'])).stdout
    expect(text).toContain('Exit codes')
    expect(text).toContain('--json')
    expect(text).toContain('paydesk mcp --url http://127.0.0.1:8787 --console-token <token>')
    expect(oneDocument((await runCli(['--version', '--json'])).stdout)).toEqual({ version: help.version })
    expect(oneDocument((await runCli(['openapi', '--json'])).stdout).openapi).toBe('3.1.0')
  })

  it('scenario check and run --json print one document', async () => {
    const check = await runCli(['scenario', 'check', 'examples/scenarios/checkout-flow.yaml', '--json'])
    expect(check.code).toBe(0)
    expect(oneDocument(check.stdout)).toMatchObject({ file: 'examples/scenarios/checkout-flow.yaml', valid: true, steps: expect.any(Number) })
    const run = await runCli(['scenario', 'run', 'examples/scenarios/checkout-flow.yaml', '--seed', '3', '--json'])
    expect(run.code, run.stderr).toBe(0)
    const report = oneDocument(run.stdout)
    expect(report).toMatchObject({ ok: true, junit: null })
    expect(report.cases.length).toBeGreaterThan(0)
    expect(report.log[0]).toMatch(/^Sandbox from /)
  }, 60_000)

  it('errors under --json are a document too, with the exit code: 2 for usage, 1 for a failed call', async () => {
    const usage = await runCli(['sandbox', 'frobnicate', '--json'])
    expect(usage.code).toBe(2)
    expect(oneDocument(usage.stdout)).toEqual({ error: { message: 'unknown sandbox action "frobnicate"', exitCode: 2 } })
    expect(usage.stderr).toContain('Usage: paydesk sandbox create')
    const badFile = await runCli(['scenario', 'check', 'no/such/file.yaml', '--json'])
    expect(badFile.code).toBe(2)
    expect(oneDocument(badFile.stdout).error.message).toContain('no such file')
    const unreachable = await runCli(['snapshot', 'list', '--json', '--url', 'http://127.0.0.1:9', '--console-token', 'pdc_whatever_000000000000'])
    expect(unreachable.code).toBe(1)
    expect(oneDocument(unreachable.stdout).error).toMatchObject({ exitCode: 1, message: expect.stringContaining('cannot reach Paydesk') })
  }, 60_000)

  it('serve --json prints its start facts as one document and stays quiet on stdout until it stops', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', 'serve', '--json', '--port', '0', '--db', ':memory:', '--api-key', 'sk_test_clijson000000001'], {
      cwd: ROOT, env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_'))), stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    const started = await new Promise<any>((done, fail) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8')
        try {
          done(JSON.parse(stdout))
        } catch {
          // not whole yet
        }
      })
      child.once('exit', (code) => fail(new Error(`serve exited ${code}: ${stdout}`)))
    })
    expect(started).toMatchObject({ apiBaseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1$/), testApiKey: 'sk_test_clijson000000001', database: ':memory:', freshDatabase: true })
    expect((await fetch(started.apiBaseUrl.replace(/\/v1$/, '/healthz'))).status).toBe(200)
    child.kill('SIGTERM')
    const code = await new Promise<number | null>((done) => child.once('exit', done))
    expect(code).toBe(0)
    expect(oneDocument(stdout)).toEqual(started)
  }, 60_000)
})
