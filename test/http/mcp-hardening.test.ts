import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * `paydesk mcp` does not trust a tool's arguments: run_scenario reads regular files of at most 1 MiB in
 * its folder only, arguments are checked against the tool's schema (no number for a key, no object for
 * text, no unknown argument where the schema lists them all), ids are path-safe, and protocol mistakes
 * get the MCP error codes in a sentence.
 */

const BIN = resolve(__dirname, '../../bin/paydesk.cjs')
const folder = mkdtempSync(join(tmpdir(), 'paydesk-mcp-files-'))
const outside = mkdtempSync(join(tmpdir(), 'paydesk-mcp-outside-'))
const SCENARIO = 'name: tiny\nsteps:\n  - advance: 1s\n'
type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: any }
const textOf = (result: ToolResult) => result.content.map((part) => part.text ?? '').join('\n')

const env = () => Object.fromEntries(Object.entries(process.env).filter(([name, value]) => !name.startsWith('PAYDESK_') && value !== undefined)) as Record<string, string>
let client: Client
const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolResult

beforeAll(async () => {
  writeFileSync(join(folder, 'tiny.yaml'), SCENARIO)
  writeFileSync(join(folder, 'big.yaml'), `# ${'x'.repeat(1024 * 1024)}\n${SCENARIO}`)
  writeFileSync(join(outside, 'secret.yaml'), SCENARIO)
  symlinkSync(join(outside, 'secret.yaml'), join(folder, 'link.yaml'))
  mkdirSync(join(folder, 'sub'))
  // The working folder is the repository; --scenario-folder names the only folder run_scenario may read.
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--simulator', 'fast', '--scenario-folder', folder], env: env(), stderr: 'pipe' })
  client = new Client({ name: 'paydesk-test', version: '1.0.0' })
  await client.connect(transport)
}, 60_000)
afterAll(async () => {
  await client?.close()
  rmSync(folder, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

describe('run_scenario reads regular files of at most 1 MiB in its folder only', () => {
  it('plays a file of the folder; refuses devices, folders, big files, paths and links outside', async () => {
    const played = await call('run_scenario', { path: 'tiny.yaml' })
    expect(played.isError, textOf(played)).toBeFalsy()
    const refusals: [string, RegExp][] = [
      ['/dev/zero', /outside/], ['../../etc/passwd', /outside|no such file/], [join(outside, 'secret.yaml'), /outside/],
      ['link.yaml', /outside/], ['sub', /not a regular file/], ['big.yaml', /at most 1048576 \(1 MiB\)/], ['missing.yaml', /no such file/],
    ]
    for (const [path, why] of refusals) {
      const refused = await call('run_scenario', { path })
      expect(refused.isError, path).toBe(true)
      expect(textOf(refused), path).toMatch(/^invalid_parameter \(path\): /)
      expect(textOf(refused), path).toMatch(why)
    }
  }, 60_000)
})

describe('arguments are checked against the tool\'s schema', () => {
  it('a numeric idempotencyKey is refused (it was dropped, so a retry paid twice)', async () => {
    const refused = await call('create_charge', { phoneNumber: '0712345678', amount: 150_000, merchantTransactionId: 'mcp-key-1', idempotencyKey: 12345 })
    expect(refused.isError).toBe(true)
    expect(textOf(refused)).toBe('invalid_parameter (idempotencyKey): idempotencyKey must be text, not a number')
    expect(refused.structuredContent.error).toMatchObject({ code: 'invalid_parameter', param: 'idempotencyKey' })
  })

  it('sample_event refuses an unknown event type and a secret that is not whsec_ and base64', async () => {
    const unknown = await call('sample_event', { type: 'payment.exploded' })
    expect(unknown.isError).toBe(true)
    expect(textOf(unknown)).toMatch(/^invalid_parameter \(type\): /)
    const badSecret = await call('sample_event', { type: 'transaction.succeeded', secret: 'not-a-secret' })
    expect(badSecret.isError).toBe(true)
    expect(textOf(badSecret)).toMatch(/^invalid_parameter \(secret\): .*whsec_/)
  })

  it('an unknown argument where the schema lists them all, and an object where text is expected, are tool errors', async () => {
    const extra = await call('clear_faults', { everything: true })
    expect(extra.isError).toBe(true)
    expect(textOf(extra)).toBe('invalid_parameter (everything): everything: not an argument of this tool')
    const object = await call('search_transactions', { q: { $gt: '' } })
    expect(object.isError).toBe(true)
    expect(textOf(object)).toBe('invalid_parameter (q): q must be text, not an object')
    expect(textOf(object)).not.toContain('[object Object]')
  })

  it('ids are path-safe: ".." does not reach another route', async () => {
    for (const transactionId of ['..', '.']) {
      const refused = await call('get_transaction', { transactionId })
      expect(refused.isError).toBe(true)
      expect(textOf(refused)).toBe(`invalid_parameter (transactionId): transactionId must be an id, not "${transactionId}".`)
    }
  })
})

describe('resources', () => {
  it('the OpenAPI document has a compact form: operations by id, a fraction of the size', async () => {
    const read = async (uri: string) => String(((await client.readResource({ uri })).contents[0] as { text: string }).text)
    const [whole, compact] = [await read('paydesk://openapi.json'), await read('paydesk://openapi-compact.json')]
    expect(compact.length).toBeLessThan(whole.length / 4)
    const document = JSON.parse(compact)
    const charge = Object.values(document.operations as Record<string, any>).find((op) => op.path === '/v1/mobile/charge' && op.method === 'POST')
    expect(charge).toMatchObject({ summary: expect.any(String), body: { type: 'object', required: expect.arrayContaining(['phoneNumber', 'amount']) } })
    expect(charge['returns 202']).toMatchObject({ type: 'object', properties: { transactionId: { type: 'string' } } })
    expect(charge).not.toHaveProperty('description')
    expect(compact).not.toContain('A parameter, header or body field does not match this document')
    expect(document.schemas).toHaveProperty('ErrorEnvelope')
  })
})

/** Raw lines on the server's stdin, and its answers by id (a parse error's id is null). */
async function rawExchange(lines: string[], ids: (number | null)[]): Promise<Map<number | null, any>> {
  const child = spawn(process.execPath, [BIN, 'mcp', '--simulator', 'fast'], { env: env(), stdio: ['pipe', 'pipe', 'ignore'] })
  const answers = new Map<number | null, any>()
  let buffer = ''
  const done = new Promise<void>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`answers so far: ${JSON.stringify([...answers])}`)), 30_000)
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8')
      for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
        const message = JSON.parse(buffer.slice(0, end))
        buffer = buffer.slice(end + 1)
        answers.set(message.id ?? null, message)
      }
      if (ids.every((id) => answers.has(id))) {
        clearTimeout(timer)
        resolvePromise()
      }
    })
  })
  const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }
  child.stdin.write(`${JSON.stringify(initialize)}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`)
  child.stdin.write(`${lines.join('\n')}\n`)
  try {
    await done
  } finally {
    child.kill()
  }
  return answers
}

describe('protocol errors use the MCP codes, in a sentence', () => {
  it('-32602 invalid params, -32002 unknown resource, -32700 a line that is not JSON; the server goes on', async () => {
    const answers = await rawExchange([
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_charge', arguments: 'x' } }),
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} }),
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'paydesk://nope' } }),
      '{not json',
      JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/list' }),
    ], [1, 2, 3, null, 4])
    expect(answers.get(1).error).toEqual({ code: -32602, message: 'Invalid params: params.arguments must be a record, not a string', data: { param: 'params.arguments' } })
    expect(answers.get(2).error).toMatchObject({ code: -32602, message: 'Invalid params: params.name must be text, not nothing' })
    expect(answers.get(3).error).toEqual({ code: -32002, message: 'Resource not found: paydesk://nope (resources/list names them)', data: { uri: 'paydesk://nope' } })
    expect(answers.get(null).error).toEqual({ code: -32700, message: 'Parse error: the line is not JSON' })
    expect(answers.get(4).result.tools.length).toBeGreaterThan(10)
  }, 60_000)
})
