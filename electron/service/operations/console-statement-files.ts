import type { BankCsvFormat } from '../../../shared/schemas/statement-files'
import { QUICKBOOKS_CSV_WRITER, quickBooksCsv, XERO_CSV_WRITER, xeroCsv } from '../../../shared/statements/bank-csv'
import type { BankFeed, BankFeedWriter } from '../../../shared/statements/bank-feed'
import { OFX_WRITER, statementOfx } from '../../../shared/statements/ofx'
import { streamedAnswer, type StreamedAnswer } from '../core/streamed-answer'
import { SETTINGS } from '../db/settings-registry'
import { bankFeed, type FeedTransaction } from '../domain/bank-feed'
import { loadStatement, statementScope } from './console-statements'
import { statementFilePages } from './statement-file-pages'
import type { OperationContext, PartialOperationTable } from './types'

type Range = { from: string; to: string }

/** The organization's time zone: an accountant's days are the business's days, whoever downloads the file. */
export function organizationTimeZone(ctx: OperationContext): string {
  return ctx.store.settings.get(SETTINGS.organizationTimeZone(ctx.principal.organizationId))
}

/** The account's statement over local days of the organization's zone, as a bank feed. */
function feedOf(ctx: OperationContext, accountNo: string, range: Range): BankFeed {
  const { statement, postings } = loadStatement(ctx, { accountNo, ...range }, organizationTimeZone(ctx))
  const transactions = new Map<string, FeedTransaction>()
  for (const p of postings) transactions.set(p.public_id, { amount: p.transaction_amount, phoneNumber: p.phone_number, narration: p.narration })
  return bankFeed(statement, transactions)
}

/**
 * Over HTTP the file is written from pages of the ledger as they are read (a year of a busy account's
 * postings is never held at once); the account and the range are checked first (404 and 400 stay envelopes).
 */
function streamedFile(ctx: OperationContext, accountNo: string, range: Range, writer: BankFeedWriter): StreamedAnswer {
  const timeZone = organizationTimeZone(ctx)
  const scope = { ...statementScope(ctx, { accountNo, ...range }, timeZone), ...range, timeZone, generatedAt: ctx.now }
  return streamedAnswer(ctx.principal.organizationId, () => statementFilePages(ctx.store, scope, writer))
}

const CSV_WRITERS: Record<BankCsvFormat, { whole: (feed: BankFeed) => string; writer: BankFeedWriter }> = {
  xero: { whole: xeroCsv, writer: XERO_CSV_WRITER }, quickbooks: { whole: quickBooksCsv, writer: QUICKBOOKS_CSV_WRITER },
}

/** Operations of the statement-file routes (shared/api/routes/console-statements.ts). */
export const CONSOLE_STATEMENT_FILE_OPERATIONS: PartialOperationTable<'console.statements.ofx' | 'console.statements.csv'> = {
  'console.statements.ofx': (ctx, { params, query }) => (ctx.streaming
    ? streamedFile(ctx, params.accountNo, query, OFX_WRITER)
    : statementOfx(feedOf(ctx, params.accountNo, query))),
  'console.statements.csv': (ctx, { params, query }) => (ctx.streaming
    ? streamedFile(ctx, params.accountNo, query, CSV_WRITERS[query.format].writer)
    : CSV_WRITERS[query.format].whole(feedOf(ctx, params.accountNo, query))),
}
