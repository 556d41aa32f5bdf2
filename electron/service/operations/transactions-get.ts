import { ApiError } from '../../../shared/errors'
import type { TransactionRow } from '../db/rows'
import { toTransaction, toTransactionAlt } from '../views/transaction'
import type { OperationContext } from './types'
import type { Operation } from './types'

function findTransaction(ctx: OperationContext, transactionId: string): TransactionRow {
  const row = ctx.store.transactions.getByPublicId(ctx.principal.organizationId, ctx.principal.environment, transactionId)
  if (!row) throw new ApiError('not_found', `No transaction ${transactionId}.`, 'transactionId')
  return row
}

/** GET /v1/transaction: by exactly one of transactionId and merchantTransactionId. */
export const transactionsGet: Operation<'transactions.get'> = (ctx, { query }) => {
  const { transactionId, merchantTransactionId } = query
  if (transactionId !== undefined && merchantTransactionId !== undefined) {
    throw new ApiError('validation_error', 'Send exactly one of transactionId and merchantTransactionId, not both.', 'transactionId')
  }
  if (transactionId !== undefined) return toTransaction(findTransaction(ctx, transactionId))
  if (merchantTransactionId === undefined) {
    throw new ApiError('missing_parameter', 'transactionId or merchantTransactionId is required.', 'transactionId')
  }
  const row = ctx.store.transactions.getByMerchantRef(ctx.principal.organizationId, ctx.principal.environment, merchantTransactionId)
  if (!row) throw new ApiError('not_found', `No transaction with merchantTransactionId ${merchantTransactionId}.`, 'merchantTransactionId')
  return toTransaction(row)
}

/** GET /v1/transactions/{transactionId}: the alternative shape. */
export const transactionsGetById: Operation<'transactions.getById'> = (ctx, { params }) => toTransactionAlt(findTransaction(ctx, params.transactionId))
