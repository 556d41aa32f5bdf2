import { createHash } from 'node:crypto'
import { isApiVersion, LATEST_API_VERSION } from '../../../shared/api/api-versions'
import { ApiError } from '../../../shared/errors'
import type { EvidenceBundle } from '../../../shared/schemas/evidence'
import type { TransactionRow } from '../db/rows'
import type { OperationContext } from './types'
import { redactJson } from '../request-log/redact'
import { toRequestLogDetail } from '../request-log/view'
import { toAuditEntry } from '../views/audit'
import { toApproval } from '../views/team'
import { linked, transactionDetail } from './console-transactions'
import { tariffOf } from './support/guards'
import { webhookEvidence } from './support/evidence-webhooks'
import type { PartialOperationTable } from './types'

type Requests = EvidenceBundle['requests']
const REQUESTS_PER_TRANSACTION = 500
const AUDIT_PER_TRANSACTION = 200

/** Every logged /v1 request that named one of the transactions, oldest first (redacted as the log keeps them). */
function requestsOf(ctx: OperationContext, publicIds: readonly string[]): Requests {
  ctx.host.flushRequestLog(ctx.emit)
  const { organizationId, environment } = ctx.principal
  const found: Requests = []
  for (const transactionId of publicIds) {
    const rows = ctx.store.apiRequests.list({ organizationId, environment, transactionId, limit: REQUESTS_PER_TRANSACTION })
    for (const row of rows) {
      const { webhookEvents: _events, ...request } = toRequestLogDetail(ctx.store, row, organizationId)
      found.push(request)
    }
  }
  return found.sort((a, b) => a.at - b.at || a.requestId.localeCompare(b.requestId))
}

/** The release the creating request was answered in (its `Paydesk-Api-Version` header), else the latest. */
function apiReleaseOf(requests: Requests, publicId: string): EvidenceBundle['apiRelease'] {
  const creating = requests.find((request) => request.transactionId === publicId && request.method === 'POST' && request.status < 300)
  const header = creating && Object.entries(creating.responseHeaders).find(([name]) => name.toLowerCase() === 'paydesk-api-version')?.[1]
  return isApiVersion(header) ? { version: header, source: 'request' } : { version: LATEST_API_VERSION, source: 'latest' }
}

function auditOf(ctx: OperationContext, publicIds: readonly string[]): EvidenceBundle['audit'] {
  const { organizationId, environment } = ctx.principal
  return publicIds
    .flatMap((target) => ctx.store.audit.list({ organizationId, environment, target, limit: AUDIT_PER_TRANSACTION }))
    .sort((a, b) => a.id - b.id)
    .map(toAuditEntry)
}

function feeTariffOf(ctx: OperationContext, row: TransactionRow): EvidenceBundle['feeTariff'] {
  const lastChange = ctx.store.audit.list({ organizationId: ctx.principal.organizationId, action: 'console.fees.update', limit: 1 })[0]
  return { fee: row.fees, tariff: tariffOf(ctx), changedSince: lastChange !== undefined && lastChange.at >= row.created_at }
}

/**
 * The team's approvals whose approved request created the transaction or a linked one (a held reversal
 * of a charge is the reversal's), oldest first, with every decision and who made it.
 */
function approvalsOf(ctx: OperationContext, publicIds: readonly string[]): EvidenceBundle['approvals'] {
  const { organizationId, environment } = ctx.principal
  return publicIds
    .flatMap((transactionId) => ctx.store.approvals.ofTransaction(organizationId, environment, transactionId))
    .sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id))
    .map((row) => toApproval(row, ctx.now))
}

/** SHA-256 (hex) of the document without its `sha256` field, serialized compactly in key order. */
export function evidenceDigest(bundle: Omit<EvidenceBundle, 'sha256'>): string {
  return createHash('sha256').update(JSON.stringify(bundle), 'utf8').digest('hex')
}

function bundleOf(ctx: OperationContext, row: TransactionRow): EvidenceBundle {
  const detail = transactionDetail(ctx, row)
  const others = linked(ctx, row)
  const stories = new Map<number, string>([[row.id, row.public_id], ...others.map((other) => [other.id, other.public_id] as const)])
  const publicIds = [...stories.values()]
  const requests = requestsOf(ctx, publicIds)
  // A merchant attaches the bundle to a support ticket: every copy in it (metadata, narrations, webhook URLs
  // and bodies) is redacted as the request log is; the logged requests are the log's copies, redacted once.
  const copies = redactJson<Omit<EvidenceBundle, 'sha256' | 'requests' | 'apiRelease'>>({
    format: 'paydesk.evidence/1',
    generatedAt: ctx.now,
    environment: ctx.principal.environment,
    organizationId: ctx.principal.organizationId,
    transaction: detail.transaction,
    accountNo: detail.accountNo,
    counterparty: detail.counterparty,
    timeline: detail.timeline,
    postings: detail.postings,
    related: others.map((other) => {
      const { transaction, timeline, postings } = transactionDetail(ctx, other)
      return { transaction, timeline, postings }
    }),
    webhooks: webhookEvidence(ctx, stories),
    approvals: approvalsOf(ctx, publicIds),
    audit: auditOf(ctx, publicIds),
    feeTariff: feeTariffOf(ctx, row),
  }, ctx.host.redact)
  const { approvals, audit, feeTariff, ...story } = copies
  const bundle: Omit<EvidenceBundle, 'sha256'> = { ...story, requests, approvals, audit, feeTariff, apiRelease: apiReleaseOf(requests, row.public_id) }
  return { ...bundle, sha256: evidenceDigest(bundle) }
}

export const CONSOLE_EVIDENCE_OPERATIONS: PartialOperationTable<'console.transactions.evidence'> = {
  'console.transactions.evidence': (ctx, { params }) => {
    const { organizationId, environment } = ctx.principal
    const row = ctx.store.transactions.getByPublicId(organizationId, environment, params.transactionId)
    if (!row) throw new ApiError('not_found', `No transaction ${params.transactionId} in the ${environment} environment.`, 'transactionId')
    return bundleOf(ctx, row)
  },
}
