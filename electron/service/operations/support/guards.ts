import { ApiError } from '../../../../shared/errors'
import { assertReferenceUnheld } from '../../team/approvals'
import type { FeeTariff } from '../../../../shared/schemas/fees'
import type { AccountRow } from '../../db/rows'
import { DEFAULT_TARIFF } from '../../domain/fees'
import type { OperationContext } from '../types'

interface EnterpriseFields {
  shortcode?: string
  subMerchantId?: string
  subMerchantDetails?: unknown
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

/**
 * The enterprise fields of a parsed public request, wherever a route has them: `shortcode`,
 * `subMerchantId` and `metadata.subMerchantDetails` in the body (charge, b2c, b2b), and the `shortcode`
 * filter of the transactions list.
 */
export function enterpriseFieldsOf(parsed: { body?: unknown; query?: unknown }): EnterpriseFields {
  const body = record(parsed.body)
  const query = record(parsed.query)
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  return {
    shortcode: text(body['shortcode']) ?? text(query['shortcode']),
    subMerchantId: text(body['subMerchantId']),
    subMerchantDetails: record(body['metadata'])['subMerchantDetails'],
  }
}

/**
 * Enterprise fields need an enterprise organization, and a shortcode must be the caller's own (403 otherwise).
 * The dispatcher runs this after validation and before idempotency, so a refused caller never stores a
 * response under its Idempotency-Key.
 */
/** Who asks and where to look: all the enterprise checks read. */
type Caller = Pick<OperationContext, 'store' | 'principal'>

export function assertEnterpriseFields(ctx: Caller, fields: EnterpriseFields): void {
  const used = fields.shortcode !== undefined ? 'shortcode'
    : fields.subMerchantId !== undefined ? 'subMerchantId'
    : fields.subMerchantDetails !== undefined ? 'metadata.subMerchantDetails' : null
  if (used === null) return
  assertShortcodeAllowed(ctx, fields.shortcode, used)
}

export function assertShortcodeAllowed(ctx: Caller, shortcode: string | undefined, param: string): void {
  const organization = ctx.store.organizations.get(ctx.principal.organizationId)!
  if (!organization.enterprise) {
    throw new ApiError('forbidden', `${param} is an enterprise field; this organization is not enabled for enterprise routing.`, param)
  }
  if (shortcode !== undefined && ctx.store.organizations.shortcodeOwner(shortcode) !== ctx.principal.organizationId) {
    throw new ApiError('forbidden', `Shortcode ${shortcode} does not belong to this organization.`, 'shortcode')
  }
}

/** forceStatus is a sandbox control for test keys; live keys follow live rules. */
export function assertForceStatusAllowed(ctx: OperationContext, forceStatus: string | undefined): void {
  if (forceStatus !== undefined && ctx.principal.environment === 'live') {
    throw new ApiError('invalid_parameter', 'forceStatus is only accepted with test keys.', 'forceStatus')
  }
}

/** Neither a transaction nor a request waiting for approval has this reference (team/approvals.ts). */
export function assertReferenceFree(ctx: OperationContext, merchantTransactionId: string): void {
  assertReferenceUnheld(ctx, ctx.principal.organizationId, ctx.principal.environment, merchantTransactionId)
}

export function tariffOf(ctx: OperationContext): FeeTariff {
  const organization = ctx.store.organizations.get(ctx.principal.organizationId)!
  return organization.fee_tariff ?? DEFAULT_TARIFF
}

/** An account of the caller's organization and environment, by number; system accounts do not exist to callers. */
export function findOwnAccount(ctx: OperationContext, accountNo: string, param: string): AccountRow {
  const account = ctx.store.accounts.getByNo(accountNo)
  const own = account && account.organization_id === ctx.principal.organizationId && account.environment === ctx.principal.environment
  if (!account || !own || account.kind === 'external' || account.kind === 'fees') {
    throw new ApiError('not_found', `No account ${accountNo} in this organization's ${ctx.principal.environment} environment.`, param)
  }
  return account
}
