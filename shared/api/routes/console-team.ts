import {
  ApprovalListSchema, ApprovalPathSchema, ApprovalPolicySchema, ApprovalSchema, ApprovalsQuerySchema, CreateSessionRequestSchema,
  CreateUserRequestSchema, EndedSessionSchema, OwnerSetupRequestSchema, RejectApprovalRequestSchema, RoleMatrixSchema, SessionSchema, TeamSettingsSchema,
  UpdateTeamSettingsRequestSchema, UpdateUserRequestSchema, UserListSchema, UserPathSchema, UserSchema, WhoAmISchema,
} from '../../schemas/team'
import { defineRoutes } from '../route'

/** A merchant's team: users and roles, sign-in, the approval policy and the approvals inbox (docs/security.md). */
export const CONSOLE_TEAM_ROUTES = defineRoutes({
  'console.sessions.create': {
    method: 'POST', path: '/console/sessions', surface: 'console', permission: 'anyone', tag: 'Team',
    summary: 'Sign in with a name and password; answers a bearer token for console routes and console calls on /v1',
    description: 'Needs no credential. Wrong or missing credentials answer 401 without saying which part was wrong. After 5 wrong passwords for one name within 15 minutes, '
      + 'that name answers 429 with Retry-After (the right password too) until the 15 minutes pass; each client address has a bound of its own, and all addresses together one.',
    body: CreateSessionRequestSchema, response: SessionSchema, successStatus: 201, message: 'Signed in', idempotency: 'none',
    refusals: [
      { name: 'wrongCredentials', kind: 'unauthorized', param: null, when: 'The name or the password is not right (which one is not said), or the user is disabled.' },
      { name: 'signInLocked', kind: 'rate_limited', param: null, when: '5 wrong passwords for this name within 15 minutes, 50 from this client address, or 500 from all addresses together: refused until Retry-After passes.' },
    ],
  },
  'console.setup.create': {
    method: 'POST', path: '/console/setup', surface: 'console', permission: 'anyone', tag: 'Team',
    summary: 'Create the owner through the one-time setup link a team server prints on its first start, and sign in',
    description: 'Only while no enabled owner exists, with the token of the setup link (`/?setup=<token>`) that `paydesk serve --team` prints then: 403 for another token, 409 once an owner exists (the link stops working). The owner is signed in at once (as POST /console/sessions answers).',
    body: OwnerSetupRequestSchema, response: SessionSchema, successStatus: 201, message: 'Owner created', idempotency: 'none',
    refusals: [
      { name: 'notTheSetupLink', kind: 'forbidden', param: 'token', when: 'The token is not the one of the setup link this server printed.' },
      { name: 'ownerExists', kind: 'conflict', param: 'token', when: 'An enabled owner exists already: the setup link no longer works (sign in instead).' },
      { name: 'passwordRefused', kind: 'invalid_parameter', param: 'password', when: "The password is common (or a common one with digits or signs added), or the owner's name." },
    ],
  },
  'console.sessions.current': {
    method: 'GET', path: '/console/sessions/current', surface: 'console', permission: 'signed-in', tag: 'Team',
    summary: 'Who is calling (a user, automation or the local console), whether sign-in is required, and the permissions held here',
    description: 'The caller\'s actor (a user, automation with the console token, or this computer: the desktop window without sign-in), whether this Paydesk requires sign-in, and the permissions the caller\'s role holds in the current environment.',
    response: WhoAmISchema, successStatus: 200, message: 'Session retrieved successfully', idempotency: 'none',
  },
  'console.sessions.end': {
    method: 'DELETE', path: '/console/sessions/current', surface: 'console', permission: 'signed-in', tag: 'Team',
    summary: 'Sign out: ends the session whose token made this call',
    description: 'Ends the session whose token made this call; its token answers 401 from then on. 400 invalid_parameter on Authorization when the call was not made with a session token.',
    response: EndedSessionSchema, successStatus: 200, message: 'Signed out', idempotency: 'none',
  },
  'console.users.list': {
    method: 'GET', path: '/console/users', surface: 'console', permission: 'users.manage', tag: 'Team',
    summary: 'The users of this Paydesk with their roles',
    description: 'Every user with their role and whether they are disabled. Passwords are never answered (only their scrypt hash is stored).',
    response: UserListSchema, successStatus: 200, message: 'Users retrieved successfully', idempotency: 'none',
  },
  'console.users.create': {
    method: 'POST', path: '/console/users', surface: 'console', permission: 'users.manage', tag: 'Team',
    summary: 'Create a user (owners and admins; only an owner creates an owner). Passwords: at least 12 characters, not common, not the name',
    description: 'Passwords are hashed with scrypt and never stored, logged or answered. 400 (param password) for a blank one, one of the 10,000 most common passwords or one of them with digits or signs added, or the user\'s name; 409 when the name is taken; 403 when an admin would create an owner.',
    body: CreateUserRequestSchema, response: UserSchema, successStatus: 201, message: 'User created', idempotency: 'none',
  },
  'console.users.update': {
    method: 'PUT', path: '/console/users/{id}', surface: 'console', permission: 'users.manage', tag: 'Team',
    summary: "Change a user's role or password, or disable them; a new role, a disabling or a new password ends their sessions at once",
    description: '404 for an unknown user; 400 (param password) for a new password refused as on creation; 403 when an admin would change an owner or appoint one; 409 when the change would leave no enabled owner.',
    params: UserPathSchema, body: UpdateUserRequestSchema, response: UserSchema, successStatus: 200, message: 'User updated', idempotency: 'none',
  },
  'console.roles': {
    method: 'GET', path: '/console/roles', surface: 'console', permission: 'signed-in', tag: 'Team',
    summary: 'The permission matrix: every role and what it may do (yes, only in the test environment, or no)',
    description: 'The same table the server enforces (shared/team/permissions.ts): for each role, each permission held everywhere, only in the test environment, or not at all.',
    response: RoleMatrixSchema, successStatus: 200, message: 'Roles retrieved successfully', idempotency: 'none',
  },
  'console.team.get': {
    method: 'GET', path: '/console/team', surface: 'console', permission: 'signed-in', tag: 'Team',
    summary: 'Team settings: whether sign-in is required here, and how long approvals wait',
    description: 'requireSignIn: whether console callers must sign in (team mode); approvalExpiryHours: how long a held request waits before it expires (simulated hours).',
    response: TeamSettingsSchema, successStatus: 200, message: 'Team settings retrieved successfully', idempotency: 'none',
  },
  'console.team.update': {
    method: 'PUT', path: '/console/team', surface: 'console', permission: 'settings.manage', tag: 'Team',
    summary: 'Require sign-in on this computer (needs an enabled owner or admin first), or change how long approvals wait',
    description: 'Fields left out keep their value. Only an owner changes requireSignIn (403 param requireSignIn). 409 on requireSignIn true while no enabled owner or admin exists: nobody could sign in.',
    body: UpdateTeamSettingsRequestSchema, response: TeamSettingsSchema, successStatus: 200, message: 'Team settings saved', idempotency: 'none',
  },
  'console.approvalPolicy.get': {
    method: 'GET', path: '/console/approval-policy', surface: 'console', permission: 'transactions.read', tag: 'Team',
    summary: "The organization's approval policy: which console money requests wait for approval",
    description: 'Rules of action, environment, minimum amount (cents) and approvals needed. Only signed-in users\' money requests are held, never automation, the local console or an API key.',
    response: ApprovalPolicySchema, successStatus: 200, message: 'Approval policy retrieved successfully', idempotency: 'none',
  },
  'console.approvalPolicy.update': {
    method: 'PUT', path: '/console/approval-policy', surface: 'console', permission: 'settings.manage', tag: 'Team',
    summary: 'Replace the approval policy: rules of action, environment, minimum amount (cents) and approvals needed (1 or 2)',
    description: 'A signed-in user\'s money request that matches a rule moves no money: it answers 202 with data.approval and waits for approval.',
    body: ApprovalPolicySchema, response: ApprovalPolicySchema, successStatus: 200, message: 'Approval policy saved', idempotency: 'none',
  },
  'console.approvals.list': {
    method: 'GET', path: '/console/approvals', surface: 'console', permission: 'transactions.read', tag: 'Team',
    summary: 'Approvals of the current environment: pending first (oldest first), then decided ones (newest first)',
    description: 'Filter by status (pending, approved, rejected, expired); pendingCount counts the pending ones whatever the filter.',
    query: ApprovalsQuerySchema, response: ApprovalListSchema, successStatus: 200, message: 'Approvals retrieved successfully', idempotency: 'none',
  },
  'console.approvals.approve': {
    method: 'POST', path: '/console/approvals/{id}/approve', surface: 'console', permission: 'approvals.decide', tag: 'Team',
    summary: 'Approve a request (never your own); the last approval needed runs it once, as the requester\'s request',
    description: '404 for an unknown approval; 409 when it is no longer pending or the caller already approved it; 403 on the caller\'s own request. On the last approval the request runs once, and the approval shows the transactionId it created or the refusal it got.',
    params: ApprovalPathSchema, response: ApprovalSchema, successStatus: 200, message: 'Approval recorded', idempotency: 'none',
  },
  'console.approvals.reject': {
    method: 'POST', path: '/console/approvals/{id}/reject', surface: 'console', permission: 'approvals.decide', tag: 'Team',
    summary: 'Reject a request with a reason; it never runs',
    description: '404 for an unknown approval; 409 when it is no longer pending; 403 on the caller\'s own request.',
    params: ApprovalPathSchema, body: RejectApprovalRequestSchema, response: ApprovalSchema, successStatus: 200, message: 'Request rejected', idempotency: 'none',
  },
})
