import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteSpec } from '../../shared/api/route'
import { ROUTES } from '../../shared/api/routes'
import { PERMISSIONS, ROLE_GRANTS, ROLES, roleAllows, type Role } from '../../shared/team/permissions'
import { CONSOLE_TOKEN, testService, type TestService } from '../support/harness'

// Every route of the route table, called by every role, in both environments, through the engine's one
// pipeline: a role that holds the route's permission is never refused for it (its call may still fail
// on the empty input, after access), and a role that does not is refused 403 naming the permission.
// A route without a valid permission fails the first test.

const ENTRIES = (Object.entries(ROUTES) as [string, RouteSpec][])
  // Signing out ends the session the rest of the calls use: it goes last.
  .sort(([a], [b]) => Number(a === 'console.sessions.end') - Number(b === 'console.sessions.end'))
const VALID = new Set<string>([...Object.keys(PERMISSIONS), 'anyone', 'signed-in'])
const PASSWORD = 'correct horse battery'

let service: TestService
const tokens = new Map<Role, string>()

beforeAll(() => {
  service = testService().service
  for (const role of ROLES) {
    const created = service.call('console.users.create', { body: { name: `${role}-user`, password: PASSWORD, role } }, { bearer: CONSOLE_TOKEN })
    expect(created.status).toBe(201)
    const session = service.call('console.sessions.create', { body: { name: `${role}-user`, password: PASSWORD } })
    expect(session.status).toBe(201)
    tokens.set(role, (session.body as { data: { token: string } }).data.token)
  }
})
afterAll(() => service.close())

/** Input that fails validation wherever a route validates anything, so allowed calls change as little as possible. */
function emptyInput(route: RouteSpec) {
  return { params: route.params ? { id: 'x', keyId: 'x', name: 'missing-snapshot', organizationId: 'org_x', transactionId: 'txn_x', eventId: 'evt_x', requestId: 'req_x', phoneNumber: 'x' } : undefined, body: route.body ? { unexpected: true } : undefined }
}

describe('the route table', () => {
  it.each(ENTRIES)('%s names a permission a role can hold', (id, route) => {
    expect(VALID.has(route.permission), `${id} has permission ${String(route.permission)}`).toBe(true)
  })
})

describe.each(['test', 'live'] as const)('every role on every route in %s', (environment) => {
  it.each(ROLES)('%s is refused exactly the routes its role lacks, with 403 naming the permission', (role) => {
    const refusedWrongly: string[] = []
    const allowedWrongly: string[] = []
    for (const [id, route] of ENTRIES) {
      if (id === 'console.sessions.end' && environment === 'test') continue
      const response = service.call(id, emptyInput(route), { bearer: tokens.get(role)!, environment })
      const body = response.body as { error?: { code: string; param: string | null } }
      const refused = response.status === 403 && body.error?.param === route.permission
      expect(response.status, `${role} ${id}`).not.toBe(401)
      if (roleAllows(role, route.permission, environment) && refused) refusedWrongly.push(id)
      if (!roleAllows(role, route.permission, environment) && !refused) allowedWrongly.push(`${id} (${response.status})`)
    }
    expect(refusedWrongly).toEqual([])
    expect(allowedWrongly).toEqual([])
  })
})

describe('the matrix says what the roles are', () => {
  const money = ['mobile.b2c', 'mobile.b2b', 'bank.transfer', 'mobile.charge'] as const
  it('viewers read but never see secrets or move money', () => {
    for (const id of ['transactions.list', 'balance.get', 'console.statements.get'] as const) expect(roleAllows('viewer', ROUTES[id].permission, 'live')).toBe(true)
    for (const id of ['console.keys.list', 'console.webhooks.endpoint.get', ...money, 'mobile.reverse'] as const) expect(roleAllows('viewer', ROUTES[id].permission, 'test')).toBe(false)
  })
  it('support searches, resends webhooks and requests reversals; makers add money; neither approves', () => {
    for (const id of ['console.search', 'console.customers.get', 'console.webhooks.events.resend', 'mobile.reverse'] as const) expect(roleAllows('support', ROUTES[id].permission, 'live')).toBe(true)
    for (const id of money) expect([roleAllows('support', ROUTES[id].permission, 'live'), roleAllows('maker', ROUTES[id].permission, 'live')]).toEqual([false, true])
    for (const role of ['support', 'maker'] as const) expect(roleAllows(role, ROUTES['console.approvals.approve'].permission, 'live')).toBe(false)
  })
  it('approvers approve and move no money; developers move money only in test', () => {
    expect(roleAllows('approver', ROUTES['console.approvals.approve'].permission, 'live')).toBe(true)
    for (const id of money) expect(roleAllows('approver', ROUTES[id].permission, 'test')).toBe(false)
    for (const id of money) expect([roleAllows('developer', ROUTES[id].permission, 'test'), roleAllows('developer', ROUTES[id].permission, 'live')]).toEqual([true, false])
    for (const id of ['console.keys.create', 'console.faults.api.set', 'console.simulator.advance', 'console.snapshots.save', 'console.requests.list'] as const) {
      expect(roleAllows('developer', ROUTES[id].permission, 'live')).toBe(true)
    }
  })
  it('bulk payouts: makers upload, submit and retry; approvers and viewers only read batches', () => {
    for (const id of ['console.payoutBatches.create', 'console.payoutBatches.submit', 'console.payoutBatches.retryFailed', 'console.payoutBatches.delete', 'console.payoutBatches.dropRow', 'console.payoutBatches.correctRow'] as const) {
      const permission = ROUTES[id].permission
      expect([roleAllows('maker', permission, 'live'), roleAllows('approver', permission, 'test'), roleAllows('viewer', permission, 'test')], id).toEqual([true, false, false])
    }
    for (const id of ['console.payoutBatches.list', 'console.payoutBatches.get', 'console.payoutBatches.results'] as const) {
      for (const role of ['maker', 'approver', 'viewer'] as const) expect(roleAllows(role, ROUTES[id].permission, 'live'), `${role} ${id}`).toBe(true)
    }
  })
  it('admins and owners hold every permission', () => {
    for (const role of ['admin', 'owner'] as const) expect(Object.keys(ROLE_GRANTS[role]).sort()).toEqual(Object.keys(PERMISSIONS).sort())
  })
  it('GET /console/roles answers the same matrix', () => {
    const roles = service.call('console.roles', {}, { bearer: CONSOLE_TOKEN })
    expect(roles.status).toBe(200)
    const data = (roles.body as { data: { roles: { role: Role; grants: Record<string, string> }[] } }).data
    for (const { role, grants } of data.roles) {
      for (const permission of Object.keys(PERMISSIONS)) expect(grants[permission], `${role} ${permission}`).toBe(ROLE_GRANTS[role][permission as keyof typeof PERMISSIONS] ?? 'no')
    }
  })
})
