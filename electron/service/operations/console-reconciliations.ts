import { CsvReadError, readCsvHeader } from '../../../shared/csv-read'
import { ApiError } from '../../../shared/errors'
import { guessAmountUnit, guessMapping, headerKey } from '../../../shared/reconcile-columns'
import type { MappingSuggestion } from '../../../shared/schemas/reconciliations'
import { streamedAnswer } from '../core/streamed-answer'
import { exportCsv, exportCsvPages } from '../reconcile/export-csv'
import { matchByHand, undoMatch } from '../reconcile/manual-match'
import { reconcile, reconciliationOf, reconciliationPage } from '../reconcile/reconcile'
import { toHead } from '../reconcile/view'
import type { OperationContext, PartialOperationTable } from './types'

const LIST_LIMIT = 200

/** The mapping remembered for this header, else one guessed from the column names. */
function suggestMapping(ctx: OperationContext, headerLine: string): MappingSuggestion {
  let columns: string[]
  try {
    columns = readCsvHeader(headerLine)
  } catch (error) {
    if (error instanceof CsvReadError) throw new ApiError('invalid_parameter', `The header is not valid CSV: ${error.message}.`, 'header')
    throw error
  }
  const { organizationId, environment } = ctx.principal
  const remembered = ctx.store.reconciliations.mapping(organizationId, environment, headerKey(columns))
  if (remembered) return { columns, mapping: { ...remembered.mapping }, amountUnit: remembered.amountUnit, remembered: true }
  const mapping = guessMapping(columns)
  return { columns, mapping: { ...mapping }, amountUnit: guessAmountUnit(mapping.amount), remembered: false }
}

/** Operations of the reconciliation workbench (shared/api/routes/console-reconciliations.ts). */
export const CONSOLE_RECONCILIATIONS_OPERATIONS: PartialOperationTable<
  | 'console.reconciliations.create' | 'console.reconciliations.list' | 'console.reconciliations.get' | 'console.reconciliations.match'
  | 'console.reconciliations.unmatch' | 'console.reconciliations.export' | 'console.reconciliations.mapping'
> = {
  'console.reconciliations.create': (ctx, { body }) => reconcile(ctx, ctx.principal, body, ctx.ids.reconciliation()),
  'console.reconciliations.list': (ctx) => ({
    items: ctx.store.reconciliations.list(ctx.principal.organizationId, ctx.principal.environment, LIST_LIMIT).map(toHead),
  }),
  'console.reconciliations.get': (ctx, { params, query }) => reconciliationPage(ctx.store, reconciliationOf(ctx.store, ctx.principal, params.id), {
    kind: query.kind, exceptions: query.exceptions === undefined ? undefined : query.exceptions === 'true', limit: query.limit, offset: query.offset,
  }),
  'console.reconciliations.match': (ctx, { params, body }) => matchByHand(ctx, ctx.principal, params.id, body),
  'console.reconciliations.unmatch': (ctx, { params }) => undoMatch(ctx, ctx.principal, params.id, params.line),
  'console.reconciliations.export': (ctx, { params }) => {
    // Over HTTP the export is written in pages as they are read; the reconciliation is found first (404 stays an envelope).
    if (!ctx.streaming) return exportCsv(ctx.store, ctx.principal, params.id)
    const record = reconciliationOf(ctx.store, ctx.principal, params.id)
    return streamedAnswer(ctx.principal.organizationId, () => exportCsvPages(ctx.store, record))
  },
  'console.reconciliations.mapping': (ctx, { query }) => suggestMapping(ctx, query.header),
}
