import { ApiError } from '../../../shared/errors'
import type { CounterpartyView, TransactionDetail } from '../../../shared/schemas/console-transactions'
import type { TransactionRow } from '../db/rows'
import { explainFailure } from '../domain/failure-reasons'
import { toReversalLink, toTransaction } from '../views/transaction'
import type { OperationContext } from './types'
import type { PartialOperationTable } from './types'

/**
 * Transactions linked to `row` in either direction: a charge points at its latest reversal and every
 * reversal points at its charge (`related_id`), so both lookups are needed to show all of them.
 */
export function linked(ctx: OperationContext, row: TransactionRow): TransactionRow[] {
  const found = new Map<number, TransactionRow>()
  const pointedAt = row.related_id === null ? undefined : ctx.store.transactions.get(row.related_id)
  if (pointedAt) found.set(pointedAt.id, pointedAt)
  for (const other of ctx.store.transactions.related(row.id)) found.set(other.id, other)
  found.delete(row.id)
  return [...found.values()]
    .filter((other) => other.organization_id === row.organization_id && other.environment === row.environment)
    .sort((a, b) => a.id - b.id)
}

/** The console detail of one transaction row (also the evidence bundle's core). */
export function transactionDetail(ctx: OperationContext, row: TransactionRow): TransactionDetail {
  const accountNumbers = new Map<number, string>()
  const accountNo = (accountId: number) => {
    let number = accountNumbers.get(accountId)
    if (number === undefined) {
      number = ctx.store.accounts.get(accountId)?.account_no ?? String(accountId)
      accountNumbers.set(accountId, number)
    }
    return number
  }
  return {
    transaction: toTransaction(row),
    accountNo: accountNo(row.account_id),
    counterparty: row.counterparty as CounterpartyView | null,
    timeline: ctx.store.transactions.events(row.id).map((event) => ({ status: event.status, message: event.message, at: event.at })),
    postings: ctx.store.ledger.postingsOf(row.id).map((posting) => ({
      accountNo: accountNo(posting.account_id), bucket: posting.bucket, amount: posting.amount, at: posting.created_at,
    })),
    related: linked(ctx, row).map((other) => ({
      publicId: other.public_id, type: other.type, status: other.status, amount: other.amount,
    })),
    failure: explainFailure(row.status, row.result_code, row.message, row.type),
  }
}

/** Operations of the console transactions routes (shared/api/routes/console-transactions.ts). */
export const CONSOLE_TRANSACTIONS_OPERATIONS: PartialOperationTable<'console.transactions.detail' | 'console.reversals.list'> = {
  'console.transactions.detail': (ctx, { params }) => {
    const { organizationId, environment } = ctx.principal
    const row = ctx.store.transactions.getByPublicId(organizationId, environment, params.transactionId)
    if (!row) throw new ApiError('not_found', `No transaction ${params.transactionId} in the ${environment} environment.`, 'transactionId')
    return transactionDetail(ctx, row)
  },
  'console.reversals.list': (ctx, { query }) => {
    const { organizationId, environment } = ctx.principal
    const rows = ctx.store.search.reversalsOfCharges({ organizationId, environment }, query.from, query.to)
    return { items: rows.map((row) => ({ transactionId: row.charge_id, reversal: toReversalLink(row) })) }
  },
}
