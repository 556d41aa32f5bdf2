import { resolve } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CONSOLE_TOKEN, startTestServer } from '../support/harness'
import { chargeBody } from './helpers'
import { asAutomation, asSession, createUser, signIn } from './team-support'

const ROOT = resolve(__dirname, '../..')
const TOOLS = [
  'search_transactions', 'get_transaction', 'create_charge', 'create_payout', 'create_bank_transfer', 'answer_prompt', 'advance_clock',
  'settle_now', 'set_faults', 'clear_faults', 'list_requests', 'validate_account_name', 'run_scenario', 'sample_event',
]

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: any }

/** `paydesk mcp` as a client runs it: a child process speaking MCP on its stdin and stdout. */
async function connect(args: string[] = []): Promise<{ client: Client; call: (name: string, args?: Record<string, unknown>) => Promise<ToolResult> }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name, value]) => !name.startsWith('PAYDESK_') && value !== undefined)) as Record<string, string>
  const transport = new StdioClientTransport({ command: process.execPath, args: ['bin/paydesk.cjs', 'mcp', ...args], cwd: ROOT, env, stderr: 'pipe' })
  const client = new Client({ name: 'paydesk-test', version: '1.0.0' })
  await client.connect(transport)
  return { client, call: async (name, toolArgs = {}) => (await client.callTool({ name, arguments: toolArgs })) as ToolResult }
}

const textOf = (result: ToolResult) => result.content.map((part) => part.text ?? '').join('\n')

describe('paydesk mcp (its own in-memory sandbox), through the SDK\'s client over stdio', () => {
  let mcp: Awaited<ReturnType<typeof connect>>
  beforeAll(async () => {
    mcp = await connect()
  }, 60_000)
  afterAll(async () => {
    await mcp.client.close()
  })

  it('lists every tool with a JSON Schema derived from the route table', async () => {
    const { tools } = await mcp.client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS)
    const charge = tools.find((tool) => tool.name === 'create_charge')!
    expect(charge.inputSchema).toMatchObject({ type: 'object', required: ['phoneNumber', 'amount', 'merchantTransactionId'] })
    expect(charge.inputSchema.properties).toHaveProperty('amount', expect.objectContaining({ type: 'integer', multipleOf: 100 }))
    expect(charge.inputSchema.properties).toHaveProperty('idempotencyKey')
    for (const tool of tools) expect(tool.description!.length).toBeGreaterThan(20)
    expect(mcp.client.getInstructions()).toMatch(/API base URL http:\/\/127\.0\.0\.1:\d+\/v1/)
  })

  it('charges, finds the charge by a phone spoken with spaces, answers its prompt, tells its story, moves the clock', async () => {
    const created = await mcp.call('create_charge', { phoneNumber: '0712345678', amount: 150_000, merchantTransactionId: 'order-mcp-1', narration: 'Order 1' })
    expect(created.isError).toBeFalsy()
    const transactionId = created.structuredContent.transactionId as string
    expect(transactionId).toMatch(/^txn_/)
    expect(textOf(created)).toContain(transactionId)

    const found = await mcp.call('search_transactions', { q: '0712 345 678' })
    expect(found.structuredContent.understood.phoneNumber).toBe('+254712345678')
    expect(found.structuredContent.groups[0].items.map((t: { publicId: string }) => t.publicId)).toContain(transactionId)
    expect(textOf(found)).toContain(transactionId)

    const answered = await mcp.call('answer_prompt', { transactionId, answer: 'approve' })
    expect(answered.isError).toBeFalsy()
    expect(answered.structuredContent).toMatchObject({ publicId: transactionId, status: 'completed' })

    const advanced = await mcp.call('advance_clock', { ms: 60_000 })
    expect(advanced.isError).toBeFalsy()
    expect(textOf(advanced)).toMatch(/^Simulated clock is now /)
    // The sandbox's own ticker settles the charge once the clock passed its settlement delay.
    const story = await vi.waitFor(async () => {
      const result = await mcp.call('get_transaction', { transactionId })
      expect(result.structuredContent.timeline.map((entry: { status: string }) => entry.status)).toEqual(['pending', 'completed', 'settled'])
      return result
    }, { timeout: 10_000, interval: 100 })
    const bundle = story.structuredContent
    expect(bundle.transaction).toMatchObject({ publicId: transactionId, amount: 150_000, merchantTransactionId: 'order-mcp-1', narration: 'Order 1' })
    expect(bundle.postings.reduce((sum: number, posting: { amount: number }) => sum + posting.amount, 0)).toBe(0)
    expect(bundle.requests.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toEqual(['POST /v1/mobile/charge'])
    expect(bundle.webhooks.events).toEqual([expect.objectContaining({ type: 'transaction.succeeded' })])
    const text = textOf(story)
    for (const line of ['Timeline:', 'completed', 'settled', 'Ledger postings:', 'Webhooks (1 event(s)):', 'POST /v1/mobile/charge -> 202']) expect(text).toContain(line)

    const requests = await mcp.call('list_requests', { transactionId })
    expect(requests.structuredContent.items).toHaveLength(1)
  })

  it('answers bad input with a tool error carrying the API\'s message, and keeps serving', async () => {
    const refused = await mcp.call('create_charge', { phoneNumber: '12', amount: 150_000, merchantTransactionId: 'order-mcp-2' })
    expect(refused.isError).toBe(true)
    expect(textOf(refused)).toBe('invalid_parameter (phoneNumber): phoneNumber must be a Kenyan mobile number such as +254712345678, 254712345678 or 0712345678.')
    expect(refused.structuredContent.error).toMatchObject({ code: 'invalid_parameter', param: 'phoneNumber' })
    const missing = await mcp.call('get_transaction', { transactionId: 'txn_nothing_here' })
    expect(missing.isError).toBe(true)
    expect(textOf(missing)).toContain('No transaction txn_nothing_here')
    const unknownTool = await mcp.call('make_money')
    expect(unknownTool.isError).toBe(true)
    expect((await mcp.call('sample_event', { type: 'transaction.failed', code: 'nope' })).isError).toBe(true)
    expect((await mcp.call('settle_now', {})).isError).toBeFalsy()
  })

  it('pays out, switches faults on and off, and signs sample events', async () => {
    const payout = await mcp.call('create_payout', { phoneNumber: '0712345678', amount: 100_000, merchantTransactionId: 'pay-mcp-1' })
    expect(payout.isError, textOf(payout)).toBeFalsy()
    const till = await mcp.call('create_payout', { accountNumber: '555123', accountNumberType: 'till', amount: 100_000, merchantTransactionId: 'pay-mcp-2' })
    expect(till.isError, textOf(till)).toBeFalsy()
    const types = await Promise.all([payout, till].map(async (p) => (await mcp.call('get_transaction', { transactionId: p.structuredContent.transactionId })).structuredContent.transaction.accountType))
    expect(new Set(types).size).toBe(1)
    const on = await mcp.call('set_faults', { api: { scope: 'money', faults: { latency: { minMs: 10 } } } })
    expect(on.isError, textOf(on)).toBeFalsy()
    expect(on.structuredContent.active).toBe(true)
    const off = await mcp.call('clear_faults')
    expect(off.structuredContent.active).toBe(false)
    expect(textOf(off)).toBe('No fault is on.')
    const sample = await mcp.call('sample_event', { type: 'transaction.succeeded' })
    expect(sample.structuredContent.headers['webhook-signature']).toMatch(/^v1,/)
    expect(JSON.parse(sample.structuredContent.body).type).toBe('transaction.succeeded')
  })

  it('offers the OpenAPI document and the docs as resources', async () => {
    const { resources } = await mcp.client.listResources()
    expect(resources.map((resource) => resource.uri)).toEqual([
      'paydesk://openapi.json', 'paydesk://openapi-compact.json', 'paydesk://docs/api.md', 'paydesk://docs/webhooks.md', 'paydesk://docs/simulator.md', 'paydesk://docs/scenarios.md', 'paydesk://docs/mcp.md',
    ])
    const openApi = await mcp.client.readResource({ uri: 'paydesk://openapi.json' })
    const document = JSON.parse(String((openApi.contents[0] as { text: string }).text))
    expect(document.openapi).toBe('3.1.0')
    expect(document.paths).toHaveProperty('/v1/mobile/charge')
    const api = await mcp.client.readResource({ uri: 'paydesk://docs/api.md' })
    expect(String((api.contents[0] as { text: string }).text)).toContain('# ')
  })

  it('plays a scenario file on a sandbox of its own', async () => {
    const result = await mcp.call('run_scenario', { path: 'examples/scenarios/checkout-flow.yaml', seed: 7 })
    expect(result.isError, textOf(result)).toBeFalsy()
    expect(result.structuredContent.ok).toBe(true)
    expect(textOf(result)).toMatch(/^PASSED: /)
    const broken = await mcp.call('run_scenario', { text: 'name: x\nsteps: 12\n' })
    expect(broken.isError).toBe(true)
    expect(textOf(broken)).toMatch(/^invalid_scenario: .*steps/s)
  }, 60_000)

  it('validates an account name through the provider\'s route', async () => {
    const result = await mcp.call('validate_account_name', { country: 'KE', accountId: '0712345678', accountType: 'mobile_mobile' })
    expect(result.isError, textOf(result)).toBeFalsy()
    expect(result.structuredContent).toMatchObject({ found: true, accountId: '+254712345678', accountType: 'mobile_mobile' })
    expect(typeof result.structuredContent.accountName).toBe('string')
  })
})

describe('paydesk mcp --url: attached to a running sandbox through its console routes', () => {
  it('finds what the running sandbox holds and acts on it', async () => {
    const server = await startTestServer()
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ phoneNumber: '0799111222' }) })
    const mcp = await connect(['--url', server.url, '--console-token', CONSOLE_TOKEN])
    try {
      const found = await mcp.call('search_transactions', { q: '0799 111 222' })
      expect(found.structuredContent.groups[0].items[0].publicId).toBe(charge.body.data.transactionId)
      const created = await mcp.call('create_charge', { phoneNumber: '0799111222', amount: 20_000, merchantTransactionId: 'attached-1' })
      expect(created.isError, textOf(created)).toBeFalsy()
      const row = server.service.internals.store.transactions.getByPublicId(server.service.startup.demoOrganizationId, 'test', created.structuredContent.transactionId)
      expect(row?.amount).toBe(20_000)
    } finally {
      await mcp.client.close()
      await server.close()
    }
  }, 60_000)

  it('in team mode acts as the user whose session token it holds: their permissions and the approval policy apply', async () => {
    const server = await startTestServer({ team: true })
    await createUser(server, 'mia', 'maker')
    await createUser(server, 'sol', 'support')
    await createUser(server, 'abe', 'approver')
    const policy = { rules: [{ action: 'b2c', environment: 'test', minAmount: 50_000, approvals: 1 }] }
    expect((await server.request('PUT', '/console/approval-policy', { headers: asAutomation, body: policy })).status).toBe(200)
    const maker = await connect(['--url', server.url, '--console-token', await signIn(server, 'mia')])
    const support = await connect(['--url', server.url, '--console-token', await signIn(server, 'sol')])
    try {
      const held = await maker.call('create_payout', { phoneNumber: '254712345678', amount: 100_000, merchantTransactionId: 'team-held-1' })
      expect(held.isError, textOf(held)).toBeFalsy()
      expect(held.structuredContent.approval).toMatchObject({ status: 'pending', action: 'b2c', amount: 100_000, requestedBy: { name: 'mia', role: 'maker' } })
      expect(textOf(held)).toContain(`held for approval: ${held.structuredContent.approval.id}`)
      const approved = await server.request('POST', `/console/approvals/${held.structuredContent.approval.id}/approve`, { headers: asSession(await signIn(server, 'abe')) })
      const story = await maker.call('get_transaction', { transactionId: approved.body.data.transactionId })
      expect(story.structuredContent.approvals[0].decisions[0].actor).toMatchObject({ name: 'abe', role: 'approver' })
      expect(textOf(story)).toContain('approve by abe (approver)')
      const refused = await support.call('create_charge', { phoneNumber: '0799111222', amount: 20_000, merchantTransactionId: 'team-refused-1' })
      expect(refused.isError).toBe(true)
      expect(refused.structuredContent.error).toMatchObject({ code: 'forbidden', param: 'payments.create' })
      expect((await support.call('advance_clock', { ms: 1_000 })).structuredContent.error.param).toBe('simulator.manage')
      const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ phoneNumber: '0799333444' }) })
      const found = await support.call('search_transactions', { q: '0799 333 444' })
      expect(found.structuredContent.groups[0].items[0].publicId).toBe(charge.body.data.transactionId)
    } finally {
      await maker.client.close()
      await support.client.close()
      await server.close()
    }
  }, 60_000)

  it('with a wrong token every tool answers the API\'s 401 as a tool error', async () => {
    const server = await startTestServer()
    const mcp = await connect(['--url', server.url, '--console-token', 'pdc_wrong_token_000000000000'])
    try {
      const refused = await mcp.call('search_transactions', { q: 'anything' })
      expect(refused.isError).toBe(true)
      expect(refused.structuredContent.error.code).toBe('unauthorized')
    } finally {
      await mcp.client.close()
      await server.close()
    }
  }, 60_000)
})
