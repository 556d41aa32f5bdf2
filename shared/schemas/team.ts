import { z } from 'zod'
import { PERMISSIONS, ROLES, type Permission } from '../team/permissions'
import { EnvironmentSchema } from './common'

export const RoleSchema = z.enum(ROLES)

/** Who did something: a user, the built-in `automation` (the console token), the local console, or an API key. */
export const ActorSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A role, or `api-key` for a call made with an API key. */
  role: z.union([RoleSchema, z.literal('api-key')]),
})
export type Actor = z.infer<typeof ActorSchema>

/** OWASP ASVS L1: at least 12 characters (the server also refuses common passwords and the user's own name). */
export const PASSWORD_MIN_LENGTH = 12
const PasswordSchema = z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).max(200)
  .refine((password) => password.trim() !== '', 'must not be blank')
const UserNameSchema = z.string().trim().min(1).max(64).regex(/^[\p{L}\p{N} ._@-]+$/u, 'may hold letters, digits, spaces, dots, underscores, @ and hyphens')

export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: RoleSchema,
  disabled: z.boolean(),
  createdAt: z.number().int(),
})
export type User = z.infer<typeof UserSchema>

export const CreateUserRequestSchema = z.strictObject({ name: UserNameSchema, password: PasswordSchema, role: RoleSchema })
export const UpdateUserRequestSchema = z.strictObject({
  role: RoleSchema.optional(),
  disabled: z.boolean().optional(),
  password: PasswordSchema.optional(),
})
export const UserPathSchema = z.object({ id: z.string().min(1).max(64) })
export const UserListSchema = z.object({ items: z.array(UserSchema) })

/** The first owner, through the one-time setup link a team server prints on an empty database. */
export const OwnerSetupRequestSchema = z.strictObject({ token: z.string().min(1).max(200), name: UserNameSchema, password: PasswordSchema })

/** Sign-in: the name and password are checked together; a refusal (one missing too) never says which was wrong. */
export const CreateSessionRequestSchema = z.strictObject({ name: z.string().max(200).optional(), password: z.string().max(200).optional() })
export const SessionUserSchema = z.object({ id: z.string(), name: z.string(), role: RoleSchema })
export const SessionSchema = z.object({
  /** Bearer token for console routes and console calls on /v1; shown once, stored hashed. */
  token: z.string(),
  user: SessionUserSchema,
  /** When the session ends if it is not used before (12 idle hours), ISO 8601. */
  expiresAt: z.string(),
  /** When it ends even if used all along (7 days after sign-in), ISO 8601: then its user signs in again. */
  endsAt: z.string(),
})
export const EndedSessionSchema = z.object({ ended: z.literal(true) })

/** Who is calling the console now, and what they may do (the console hides what a role may not use). */
export const WhoAmISchema = z.object({
  actor: ActorSchema,
  /** Sign-in is required here (team mode). */
  teamMode: z.boolean(),
  permissions: z.array(z.enum(Object.keys(PERMISSIONS) as [Permission, ...Permission[]])),
  /** A signed-in user's session ends then (7 days after sign-in) even if used, ISO 8601; null without a session. */
  sessionEndsAt: z.string().nullable(),
})

export const GrantSchema = z.enum(['yes', 'test', 'no'])
export const RoleMatrixSchema = z.object({
  permissions: z.array(z.object({ name: z.string(), description: z.string() })),
  roles: z.array(z.object({ role: RoleSchema, grants: z.record(z.string(), GrantSchema) })),
})

export const TeamSettingsSchema = z.object({
  /** Sign-in required on this computer (the desktop app's Settings -> Team; saved). */
  requireSignIn: z.boolean(),
  /** Team mode is in force now: the saved setting, or `--team` / PAYDESK_TEAM=1 for this run. */
  teamMode: z.boolean(),
  /** How long an approval waits before it expires, in simulated hours. */
  approvalExpiryHours: z.number().int(),
})
export type TeamSettings = z.infer<typeof TeamSettingsSchema>
export const UpdateTeamSettingsRequestSchema = z.strictObject({
  requireSignIn: z.boolean().optional(),
  approvalExpiryHours: z.number().int().min(1).max(24 * 30).optional(),
})

// ---- Approvals ----------------------------------------------------------------------------------------

export const APPROVAL_ACTIONS = ['b2c', 'b2b', 'bank-transfer', 'reversal', 'bulk-payout', 'live-key', 'upstream-operate'] as const
export const ApprovalActionSchema = z.enum(APPROVAL_ACTIONS)
export type ApprovalAction = z.infer<typeof ApprovalActionSchema>

export const ApprovalRuleSchema = z.strictObject({
  action: ApprovalActionSchema,
  environment: z.enum(['test', 'live', 'any']),
  /** The rule holds requests of at least this amount, in cents. */
  minAmount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  approvals: z.union([z.literal(1), z.literal(2)]),
})
export type ApprovalRule = z.infer<typeof ApprovalRuleSchema>
export const ApprovalPolicySchema = z.strictObject({ rules: z.array(ApprovalRuleSchema).max(50) })
export type ApprovalPolicy = z.infer<typeof ApprovalPolicySchema>

export const ApprovalStatusSchema = z.enum(['pending', 'approved', 'rejected', 'expired'])
export const ApprovalDecisionSchema = z.object({
  actor: ActorSchema,
  decision: z.enum(['approve', 'reject']),
  at: z.number().int(),
  reason: z.string().nullable(),
})
/** What the maker saw in the confirmation (GET /console/approvals): for the approver to judge. */
export const ApprovalSummarySchema = z.object({
  /** A payout to a phone (B2C, the customer a reversal pays back). */
  phoneNumber: z.string().optional(),
  /** A till, paybill or bank account. */
  accountId: z.string().optional(),
  /** The registered name the name check answers for the recipient. */
  recipientName: z.string().nullable(),
  /** In cents; a bulk payout: its total. */
  amount: z.number().int(),
  /** In cents, as the tariff charges it; a bulk payout: its fees. Null for a reversal. */
  fee: z.number().int().nullable(),
  merchantTransactionId: z.string().nullable(),
  narration: z.string().nullable(),
  /** A bulk payout: its rows to pay, their total and their fees (its rows: the batch, request.body.batchId). */
  rows: z.number().int().optional(),
  total: z.number().int().optional(),
  fees: z.number().int().optional(),
})
export type ApprovalSummary = z.infer<typeof ApprovalSummarySchema>

export const ApprovalSchema = z.object({
  id: z.string(),
  status: ApprovalStatusSchema,
  action: ApprovalActionSchema,
  /** In cents. */
  amount: z.number().int(),
  environment: EnvironmentSchema,
  requestedBy: ActorSchema,
  requestedAt: z.number().int(),
  expiresAt: z.number().int(),
  /** Approvals the rule asks for, and those given so far. */
  approvalsRequired: z.number().int(),
  decisions: z.array(ApprovalDecisionSchema),
  /** The held request: its route, body and Idempotency-Key, run as the requester's on the last approval. */
  request: z.object({ routeId: z.string(), body: z.unknown(), idempotencyKey: z.string().nullable() }),
  /** The transaction the approved request created, once it ran. */
  transactionId: z.string().nullable(),
  /** The refusal the approved request got instead (its error envelope's code and message). */
  refusal: z.object({ status: z.number().int(), code: z.string(), message: z.string() }).nullable(),
  reason: z.string().nullable(),
  /** A waiting request that could no longer run if approved now says why (GET /console/approvals); else null. */
  cannotRun: z.string().nullable(),
  /** What the maker saw in the confirmation; null for what moves no money (a live API key). */
  summary: ApprovalSummarySchema.nullable(),
})
export type Approval = z.infer<typeof ApprovalSchema>

/** The 202 a console user's held money request gets instead of moving money (`data.approval`). */
export const HeldForApprovalSchema = z.object({
  approval: z.object({ id: z.string(), status: z.literal('pending'), action: ApprovalActionSchema, amount: z.number().int(), requestedBy: ActorSchema }),
})
export type HeldForApproval = z.infer<typeof HeldForApprovalSchema>

export const ApprovalsQuerySchema = z.object({ status: ApprovalStatusSchema.optional() })
export const ApprovalPathSchema = z.object({ id: z.string().min(1).max(64) })
export const ApprovalListSchema = z.object({
  /** Pending first (oldest first), then the decided ones, newest first. */
  items: z.array(ApprovalSchema),
  pendingCount: z.number().int(),
})
export const RejectApprovalRequestSchema = z.strictObject({ reason: z.string().trim().min(1).max(500) })

/** Whether a money route's `data` is a held request rather than the route's own answer. */
export function isHeldForApproval(data: unknown): data is HeldForApproval {
  return typeof data === 'object' && data !== null && 'approval' in data
}
