import type { BankCsvFormat } from '../../../shared/schemas/statement-files'
import { quickBooksCsv, xeroCsv } from '../../../shared/statements/bank-csv'
import type { BankFeed } from '../../../shared/statements/bank-feed'
import { statementOfx } from '../../../shared/statements/ofx'
import { SETTINGS } from '../db/settings-registry'
import { bankFeed, type FeedTransaction } from '../domain/bank-feed'
import { loadStatement } from './console-statements'
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

const CSV_WRITERS: Record<BankCsvFormat, (feed: BankFeed) => string> = { xero: xeroCsv, quickbooks: quickBooksCsv }

/** Operations of the statement-file routes (shared/api/routes/console-statements.ts). */
export const CONSOLE_STATEMENT_FILE_OPERATIONS: PartialOperationTable<'console.statements.ofx' | 'console.statements.csv'> = {
  'console.statements.ofx': (ctx, { params, query }) => statementOfx(feedOf(ctx, params.accountNo, query)),
  'console.statements.csv': (ctx, { params, query }) => CSV_WRITERS[query.format](feedOf(ctx, params.accountNo, query)),
}
