import { describe, expect, it } from 'vitest'
import type { RouteSpec } from '../../shared/api/route'
import { ROUTES } from '../../shared/api/routes'
import type { Backend, RouteCall } from '../../electron/cli/mcp/backend'
import { ACCOUNT_NAME_PATH, accountNameTool } from '../../electron/cli/mcp/sandbox-tools'

/** The provider's account-name route, as the route table has it. */
const route: RouteSpec = ROUTES['accountName.validate']

describe('validate_account_name', () => {
  it('is offered only when the route table has GET /v1/account-name-validation', () => {
    expect(accountNameTool({ 'transactions.list': ROUTES['transactions.list'] })).toBeNull()
    expect(accountNameTool({ 'accounts.nameValidation': { ...route, method: 'POST' } })).toBeNull()
    const tool = accountNameTool(ROUTES)!
    expect(tool.name).toBe('validate_account_name')
    expect(tool.input).toBe(route.query)
  })

  it('sends its arguments as the route\'s query and words the answer', async () => {
    const calls: { routeId: string; input?: RouteCall }[] = []
    const answers = [
      { found: true, accountId: '254712345678', accountName: 'JANE WAMBUI', accountType: 'mobile_mobile', freezeStatus: 'none', restrictStatus: 'none' },
      { found: false, accountId: '254700000000', accountName: null, errorMessage: 'Account not found' },
    ]
    const backend: Backend = {
      url: 'http://127.0.0.1:1',
      call: async (routeId, input) => {
        calls.push({ routeId, input })
        return { ok: true, status: 200, data: answers[calls.length - 1] }
      },
    }
    const tool = accountNameTool({ 'accountName.validate': route })!
    const args = { country: 'KE', accountId: '0712345678', accountType: 'mobile_mobile' }
    expect(await tool.run(args, { backend })).toEqual({ ok: true, data: answers[0], text: '254712345678: JANE WAMBUI' })
    expect(calls[0]).toEqual({ routeId: 'accountName.validate', input: { query: args } })
    expect(await tool.run({ ...args, accountId: '0700000000' }, { backend })).toMatchObject({ ok: true, text: '254700000000 not found: Account not found' })
  })
})
