/**
 * Who may do what in a team (docs/security.md "Roles and permissions"). Every route of the route table
 * names one permission (`RouteSpec.permission`); a role holds a permission everywhere, only in the test
 * environment, or not at all. GET /console/roles answers this same table, and the docs show it.
 */
export const ROLES = ['owner', 'admin', 'approver', 'maker', 'support', 'developer', 'viewer'] as const
export type Role = (typeof ROLES)[number]

export const PERMISSIONS = {
  'transactions.read': 'Read transactions, balances, accounts, statements, reports, the webhook log and the sandbox state',
  'audit.read': 'Read the audit log',
  'support.search': 'Search transactions and open the customer view',
  'webhooks.resend': 'Send a webhook event again',
  'reversals.request': 'Request a reversal (subject to the approval policy)',
  'payments.create': 'Charges, B2C and B2B payouts, bank transfers, bulk payouts (subject to the approval policy)',
  'approvals.decide': "Approve or reject other people's requests",
  'keys.manage': 'API keys, their releases, organizations and sandboxes',
  'keys.live': 'Create live API keys (and organizations and sandboxes, which come with one): keys that move real money',
  'webhooks.manage': 'Webhook endpoint, signing secret, test events and the receiver doctor',
  'faults.manage': 'The fault lab',
  'simulator.manage': 'Simulator, clock, settlement, prompts, customers, floats, fees and sandbox reset',
  'snapshots.manage': 'Save, restore and delete snapshots',
  'requests.read': 'The API request log and the developer settings',
  'settings.manage': 'Host settings, team sign-in, the approval policy and the provider connection (syncing it, asking to send money through it)',
  'users.manage': 'Create users, change their role, password or disable them',
} as const
export type Permission = keyof typeof PERMISSIONS

/**
 * What a route asks of its caller: a permission, or `anyone` (no credential at all: signing in) or
 * `signed-in` (any console credential: who am I, sign out, live updates).
 */
export type RoutePermission = Permission | 'anyone' | 'signed-in'

/** How a role holds a permission: everywhere, only in the test environment, or not (absent). */
export type Grant = 'yes' | 'test'

const VIEWER: Partial<Record<Permission, Grant>> = { 'transactions.read': 'yes', 'audit.read': 'yes' }
const SUPPORT = { ...VIEWER, 'support.search': 'yes', 'webhooks.resend': 'yes', 'reversals.request': 'yes' } as const
const EVERYTHING = Object.fromEntries(Object.keys(PERMISSIONS).map((p) => [p, 'yes'])) as Record<Permission, Grant>

/** The permission matrix. Admin differs from owner only in the users it may manage (never an owner). */
export const ROLE_GRANTS: Record<Role, Partial<Record<Permission, Grant>>> = {
  owner: EVERYTHING,
  admin: EVERYTHING,
  approver: { ...VIEWER, 'approvals.decide': 'yes' },
  maker: { ...SUPPORT, 'payments.create': 'yes' },
  support: SUPPORT,
  developer: {
    ...VIEWER, 'keys.manage': 'yes', 'webhooks.manage': 'yes', 'webhooks.resend': 'yes', 'faults.manage': 'yes',
    'simulator.manage': 'yes', 'snapshots.manage': 'yes', 'requests.read': 'yes',
    // Money only where it is play money.
    'payments.create': 'test', 'reversals.request': 'test',
  },
  viewer: VIEWER,
}

/** Whether `role` may use a route needing `permission` in `environment`. */
export function roleAllows(role: Role, permission: RoutePermission, environment: 'test' | 'live'): boolean {
  if (permission === 'anyone' || permission === 'signed-in') return true
  const grant = ROLE_GRANTS[role][permission]
  return grant === 'yes' || (grant === 'test' && environment === 'test')
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}
