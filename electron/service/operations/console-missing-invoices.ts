import { dayRange } from '../../../shared/local-days'
import type { MissingInvoice, MissingInvoices } from '../../../shared/schemas/statement-files'
import { missingInvoicesCsv } from '../../../shared/statements/missing-invoices-csv'
import type { MissingInvoiceRow } from '../db/missing-invoices-repo'
import { organizationTimeZone } from './console-statement-files'
import { checkRange } from './console-statements'
import type { OperationContext, PartialOperationTable } from './types'

const MAX_DAYS = 366
/** The JSON answer lists this many; the CSV lists them all. */
const LISTED = 500
const ALL = 1_000_000

type Kind = MissingInvoice['kind']
const kindOf = (type: MissingInvoiceRow['type']): Kind => (type === 'charge' || type === 'reversal' ? type : 'payout')

function itemOf(row: MissingInvoiceRow): MissingInvoice {
  return {
    transactionId: row.public_id, type: row.type, kind: kindOf(row.type), status: row.status, createdAt: row.created_at, amount: row.amount,
    reference: row.merchant_transaction_id, receipt: row.processor_reference, phoneNumber: row.phone_number, narration: row.narration,
  }
}

/** Completed payments of local days from..to of the organization's zone, with and without a tax invoice number. */
export function missingInvoices(ctx: OperationContext, query: { from: string; to: string }, limit = LISTED): MissingInvoices {
  checkRange(query.from, query.to, MAX_DAYS)
  const timeZone = organizationTimeZone(ctx)
  const scope = { organizationId: ctx.principal.organizationId, environment: ctx.principal.environment, ...dayRange(query.from, query.to, timeZone) }
  const withInvoice = { count: 0, amount: 0 }
  const missing = { count: 0, amount: 0 }
  const byKind = new Map<Kind, { kind: Kind; count: number; amount: number }>()
  for (const total of ctx.store.missingInvoices.totals(scope)) {
    const sum = total.invoiced ? withInvoice : missing
    sum.count += total.n
    sum.amount += total.total
    if (total.invoiced) continue
    const kind = byKind.get(kindOf(total.type)) ?? { kind: kindOf(total.type), count: 0, amount: 0 }
    kind.count += total.n
    kind.amount += total.total
    byKind.set(kind.kind, kind)
  }
  const rows = ctx.store.missingInvoices.missing(scope, limit + 1)
  return {
    from: query.from, to: query.to, timeZone, withInvoice, missing,
    byKind: (['charge', 'payout', 'reversal'] as const).flatMap((kind) => byKind.get(kind) ?? []),
    items: rows.slice(0, limit).map(itemOf), truncated: rows.length > limit,
  }
}

/** Operations of the missing-invoices report (shared/api/routes/console-statements.ts). */
export const CONSOLE_MISSING_INVOICES_OPERATIONS: PartialOperationTable<'console.reports.missingInvoices' | 'console.reports.missingInvoicesCsv'> = {
  'console.reports.missingInvoices': (ctx, { query }) => missingInvoices(ctx, query),
  'console.reports.missingInvoicesCsv': (ctx, { query }) => missingInvoicesCsv(missingInvoices(ctx, query, ALL)),
}
