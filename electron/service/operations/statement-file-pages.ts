import type { BankFeedEntry, BankFeedHead, BankFeedWriter } from '../../../shared/statements/bank-feed'
import type { AccountRow } from '../db/rows'
import type { BucketSums, PostingCursor, StatementPostingRow } from '../db/statement-repo'
import type { Store } from '../db/store'
import { feedEntries, type FeedTransaction } from '../domain/bank-feed'
import { statementLines } from '../domain/statement'

/** Ledger postings read at once while a statement file is written in pages. */
export const STATEMENT_PAGE_POSTINGS = 500

export interface StatementFileScope {
  account: AccountRow
  from: string
  to: string
  timeZone: string
  fromMs: number
  toMs: number
  generatedAt: number
}

/**
 * The account's postings of the range in the statement's order, read STATEMENT_PAGE_POSTINGS at a time
 * (keyset on created_at, id). `seen` answers a transaction's amount and payee from the postings of the
 * page being read and the one before it: a line is finished as soon as the next line's first posting is
 * read, so its postings are in one of those two pages.
 */
function postingPages(store: Store, scope: StatementFileScope): { rows: Generator<StatementPostingRow>; seen(id: string): FeedTransaction | undefined } {
  let current = new Map<string, FeedTransaction>()
  let previous = current
  function* rows(): Generator<StatementPostingRow> {
    for (let after: PostingCursor | null = null; ;) {
      const page = store.statements.postingsPage(scope.account.id, scope.fromMs, scope.toMs, after, STATEMENT_PAGE_POSTINGS)
      previous = current
      current = new Map(page.map((p) => [p.public_id, { amount: p.transaction_amount, phoneNumber: p.phone_number, narration: p.narration }]))
      yield* page
      if (page.length < STATEMENT_PAGE_POSTINGS) return
      const last = page[page.length - 1]!
      after = { at: last.created_at, id: last.id }
    }
  }
  return { rows: rows(), seen: (id) => current.get(id) ?? previous.get(id) }
}

/**
 * A statement file (OFX, Xero's or QuickBooks' CSV) written from pages of the ledger: the head first (the
 * opening balance is the sum of the postings before the range, one ledger read), then the entries of about
 * a page of postings at a time with the running balance carried across pages, then the closing balances
 * the running balance arrived at. The same bytes as the file built from the whole statement.
 */
export function* statementFilePages(store: Store, scope: StatementFileScope, writer: BankFeedWriter): Generator<string> {
  const { account } = scope
  const openingBuckets: BucketSums = store.statements.balanceBefore(account.id, scope.fromMs)
  const head: BankFeedHead = {
    account: { accountNo: account.account_no, name: account.name, type: account.kind, currency: account.currency },
    from: scope.from, to: scope.to, timeZone: scope.timeZone, fromMs: scope.fromMs, toMs: scope.toMs, generatedAt: scope.generatedAt,
    opening: openingBuckets.available + openingBuckets.pending,
  }
  yield writer.head(head)
  const postings = postingPages(store, scope)
  const feed = feedEntries(head.opening)
  let closing = openingBuckets
  let entries: BankFeedEntry[] = []
  for (const line of statementLines(openingBuckets, postings.rows)) {
    closing = line.balance
    entries.push(...feed.entriesOf(line, postings.seen(line.transactionId)))
    if (entries.length < STATEMENT_PAGE_POSTINGS) continue
    yield writer.entries(head, entries)
    entries = []
  }
  if (entries.length > 0) yield writer.entries(head, entries)
  yield writer.foot(head, { whole: feed.balance(), available: closing.available })
}
