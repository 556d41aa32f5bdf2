import { ApiError } from '../../../shared/errors'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import { batchDetail, batchSummary } from '../payout-batches/batch-views'
import { createBatch } from '../payout-batches/create-batch'
import { streamedAnswer } from '../core/streamed-answer'
import { correctRow, deleteBatch, dropRow } from '../payout-batches/edit-batch'
import { resultsCsv, resultsCsvPages } from '../payout-batches/results-csv'
import { retryFailed, submitBatch } from '../payout-batches/submit-batch'
import type { OperationContext, PartialOperationTable } from './types'

/** Batches the list shows: the newest, which holds the queue (scheduled and running ones are recent). */
const LIST_LIMIT = 100

function batchOf(ctx: OperationContext, batchId: string): PayoutBatchRecord {
  const { organizationId, environment } = ctx.principal
  const batch = ctx.store.payoutBatches.getByPublicId(organizationId, environment, batchId)
  if (!batch) throw new ApiError('not_found', `No payout batch ${batchId} in this organization's ${environment} environment.`, 'batchId')
  return batch
}

type Ids = 'console.payoutBatches.create' | 'console.payoutBatches.list' | 'console.payoutBatches.get' | 'console.payoutBatches.submit'
  | 'console.payoutBatches.retryFailed' | 'console.payoutBatches.results' | 'console.payoutBatches.delete' | 'console.payoutBatches.dropRow'
  | 'console.payoutBatches.correctRow'

export const CONSOLE_PAYOUT_BATCHES_OPERATIONS: PartialOperationTable<Ids> = {
  'console.payoutBatches.create': (ctx, { body }) => {
    const created = createBatch(ctx, ctx.principal, body)
    return batchDetail(ctx.store, ctx.now, created.batch, created.rows)
  },
  'console.payoutBatches.list': (ctx) => ({
    items: ctx.store.payoutBatches.list(ctx.principal.organizationId, ctx.principal.environment, LIST_LIMIT).map((batch) => batchSummary(ctx.store, ctx.now, batch)),
  }),
  'console.payoutBatches.get': (ctx, { params }) => batchDetail(ctx.store, ctx.now, batchOf(ctx, params.batchId)),
  'console.payoutBatches.delete': (ctx, { params }) => deleteBatch(ctx, batchOf(ctx, params.batchId)),
  'console.payoutBatches.dropRow': (ctx, { params }) => batchDetail(ctx.store, ctx.now, dropRow(ctx, batchOf(ctx, params.batchId), params.line)),
  'console.payoutBatches.correctRow': (ctx, { params, body }) => batchDetail(ctx.store, ctx.now, correctRow(ctx, batchOf(ctx, params.batchId), params.line, body)),
  'console.payoutBatches.submit': (ctx, { params, body }) => batchDetail(ctx.store, ctx.now, submitBatch(ctx, ctx.principal, batchOf(ctx, params.batchId), body)),
  'console.payoutBatches.retryFailed': (ctx, { params }) => batchDetail(ctx.store, ctx.now, retryFailed(ctx, ctx.principal, batchOf(ctx, params.batchId))),
  'console.payoutBatches.results': (ctx, { params }) => {
    const batch = batchOf(ctx, params.batchId)
    // Over HTTP the file is written in pages of rows (10,000 rows are never held at once).
    if (ctx.streaming) return streamedAnswer(ctx.principal.organizationId, () => resultsCsvPages(ctx.store, batch.id))
    return resultsCsv(batchDetail(ctx.store, ctx.now, batch).rows)
  },
}
