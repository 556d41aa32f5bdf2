import { ApiError } from '../../../shared/errors'
import { addDays, dayRange, dayStart, hostTimeZone } from '../../../shared/local-days'
import type { SettlementReport, Statement } from '../../../shared/schemas/console-support'
import type { AccountRow } from '../db/rows'
import type { StatementPostingRow } from '../db/statement-repo'
import { buildStatement, statementLines } from '../domain/statement'
import { mirroredAccounts } from './support/mirrored-accounts'
import type { OperationContext } from './types'

const MAX_STATEMENT_DAYS = 366
const MAX_REPORT_DAYS = 92
/** A statement is one JSON answer (and one file): beyond this many postings it would be tens of MB. */
const MAX_STATEMENT_POSTINGS = 50_000

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
}

export function checkRange(from: string, to: string, max: number): void {
  if (to < from) throw new ApiError('invalid_parameter', 'to must be the same day as from or later.', 'to')
  if (daysBetween(from, to) > max) throw new ApiError('invalid_parameter', `A range covers at most ${max} days.`, 'to')
}

/** The statement of one account over [fromMs, toMs] from the ledger; the ledger's own balance closes it. */
function statementOf(account: AccountRow, postings: StatementPostingRow[], ctx: OperationContext, fromMs: number, toMs: number) {
  const repo = ctx.store.statements
  const after = repo.movedAfter(account.id, toMs)
  return buildStatement({
    opening: repo.balanceBefore(account.id, fromMs),
    postings,
    // The account's buckets are the sum of all its postings (ledger guarantee 3); less what moved after
    // the range, they are the ledger's balance at its end, computed independently of the lines.
    ledgerClosing: { available: account.available - after.available, pending: account.pending - after.pending },
    currency: account.currency,
  })
}

/**
 * In an environment that mirrors a provider account the console lists the provider's accounts (`/v1/accounts`
 * answers them), so a statement is asked for by the provider's account number: it is the mirror's ledger of
 * that kind (every mirrored row is booked on it), shown under the provider's number and name, which is what
 * the accountant knows the account by. Null when the number is not one of the provider's.
 */
function mirroredAccount(ctx: OperationContext, accountNo: string): AccountRow | null {
  const provider = mirroredAccounts(ctx)?.accounts.find((a) => a.accountNo === accountNo)
  if (!provider) return null
  const { organizationId, environment } = ctx.principal
  const local = ctx.store.accounts.resolve(organizationId, environment, provider.type)
  return { ...local, account_no: provider.accountNo, name: provider.name }
}

/** The statement's account and its range in ms, checked: the account is the caller's, the range not too long or too full. */
export function statementScope(ctx: OperationContext, query: { accountNo: string; from: string; to: string }, timeZone: string): { account: AccountRow; fromMs: number; toMs: number } {
  const { organizationId, environment } = ctx.principal
  const account = mirroredAccount(ctx, query.accountNo) ?? ctx.store.accounts.getByNo(query.accountNo)
  if (!account || account.organization_id !== organizationId || account.environment !== environment || (account.kind !== 'collections' && account.kind !== 'payouts')) {
    throw new ApiError('not_found', `No collections or payouts account ${query.accountNo} in the ${environment} environment.`, 'accountNo')
  }
  checkRange(query.from, query.to, MAX_STATEMENT_DAYS)
  const { fromMs, toMs } = dayRange(query.from, query.to, timeZone)
  const count = ctx.store.statements.postingCount(account.id, fromMs, toMs)
  if (count > MAX_STATEMENT_POSTINGS) {
    throw new ApiError('invalid_parameter', `This range holds ${count} ledger postings; a statement holds at most ${MAX_STATEMENT_POSTINGS}. Choose fewer days.`, 'to')
  }
  return { account, fromMs, toMs }
}

/** The statement and the ledger postings it was built from (the bank-feed files read their transactions). */
export function loadStatement(ctx: OperationContext, query: { accountNo: string; from: string; to: string }, timeZone: string): { statement: Statement; postings: StatementPostingRow[] } {
  const { environment } = ctx.principal
  const { account, fromMs, toMs } = statementScope(ctx, query, timeZone)
  const postings = ctx.store.statements.postings(account.id, fromMs, toMs)
  const statement: Statement = {
    account: { accountNo: account.account_no, name: account.name, type: account.kind, currency: account.currency },
    environment, from: query.from, to: query.to, timeZone, fromMs, toMs, generatedAt: ctx.now,
    ...statementOf(account, postings, ctx, fromMs, toMs),
  }
  return { statement, postings }
}

export function statement(ctx: OperationContext, query: { accountNo: string; from: string; to: string; timeZone?: string }): Statement {
  return loadStatement(ctx, query, query.timeZone ?? hostTimeZone()).statement
}

type Day = SettlementReport['days'][number]

/** Per local day: what the collections and payouts accounts of the environment did, from their statements. */
export function settlementReport(ctx: OperationContext, query: { from: string; to: string; timeZone?: string }): SettlementReport {
  checkRange(query.from, query.to, MAX_REPORT_DAYS)
  const { organizationId, environment } = ctx.principal
  const timeZone = query.timeZone ?? hostTimeZone()
  const { fromMs, toMs } = dayRange(query.from, query.to, timeZone)
  // Each local day with its end (the next local midnight), computed once: a line belongs to the first day
  // that ends after it. One comparison per line, not a date formatted per line (Intl's formatToParts: a
  // 90-day report of 530,000 postings 2.0 s, now 1.15 s).
  const days: { entry: Day; end: number }[] = []
  for (let day = query.from; day <= query.to; day = addDays(day, 1)) {
    const entry: Day = {
      day, chargesCompleted: { count: 0, amount: 0 }, fees: 0, settled: 0, payouts: { count: 0, amount: 0 },
      reversals: { count: 0, amount: 0 }, collectionsClosing: { available: 0, pending: 0 },
    }
    days.push({ entry, end: dayStart(addDays(day, 1), timeZone) })
  }
  const accounts = ctx.store.accounts.list(organizationId, environment).filter((a) => a.kind === 'collections' || a.kind === 'payouts')
  for (const account of accounts) {
    const repo = ctx.store.statements
    let balance = repo.balanceBefore(account.id, fromMs)
    const lines = statementLines(balance, repo.iteratePostings(account.id, fromMs, toMs))
    let next = lines.next()
    for (const { entry, end } of days) {
      for (; !next.done && next.value.at < end; next = lines.next()) {
        const line = next.value
        balance = line.balance
        entry.fees += line.fee
        // A line that completed and settled a charge at once (pending untouched) counts as both; a payout or
        // reversal reserved and paid at once took its amount from available instead of pending.
        const completedToo = line.movement === 'charge_settled' && line.pending === 0
        if (line.movement === 'charge_completed' || completedToo) {
          entry.chargesCompleted.count += 1
          entry.chargesCompleted.amount += (completedToo ? line.available : line.pending) + line.fee
        }
        if (line.movement === 'charge_settled') entry.settled += line.available
        else if (line.movement === 'payout_paid') {
          entry.payouts.count += 1
          entry.payouts.amount += -(line.pending + line.available)
        } else if (line.movement === 'reversal_paid') {
          entry.reversals.count += 1
          entry.reversals.amount += -(line.pending + line.available)
        }
      }
      if (account.kind === 'collections') {
        entry.collectionsClosing.available += balance.available
        entry.collectionsClosing.pending += balance.pending
      }
    }
  }
  return { environment, from: query.from, to: query.to, timeZone, days: days.map((d) => d.entry) }
}
