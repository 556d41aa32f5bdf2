import type { ReconciliationItemKind } from '../../../shared/schemas/reconciliations'
import type { Db } from './connection'

/**
 * One item of a reconciliation (migration 019). `seq` orders them: a file row's item has seq = its line, the
 * charges the file misses (or pays twice) come after the last line. `candidates` is decoded here.
 */
export interface ReconciliationItemRecord {
  seq: number
  kind: ReconciliationItemKind
  line: number | null
  transaction_id: string | null
  file_amount: number | null
  paydesk_amount: number | null
  candidates: string[]
  note: string | null
  manual: boolean
}

/** What a match made by hand replaced, so undoing it puts exactly that back. */
export interface ReplacedByMatch {
  /** The row's item before the match. */
  row: ReconciliationItemRecord
  /** The charge's own item the match removed (missing_in_file, or a second payment listed as duplicate). */
  removed: ReconciliationItemRecord | null
  /** The item the match added for a charge the row no longer claims. */
  added: ReconciliationItemRecord | null
}

type StoredItem = Omit<ReconciliationItemRecord, 'candidates' | 'manual'> & { candidates: string | null; manual: 0 | 1 }

export interface ItemFilter {
  kind?: ReconciliationItemKind
  /** true: every item but `matched`; false: only `matched`. */
  exceptions?: boolean
}

/** Items of reconciliation `number` have keys number * SPAN + seq (migration 019). */
const SPAN = 2 ** 32
const range = (number: number) => ({ low: number * SPAN, high: number * SPAN + SPAN - 1 })

const COLUMNS = 'id - @low AS seq, kind, line, transaction_id, file_amount, paydesk_amount, candidates, note, manual'

function decode(row: StoredItem): ReconciliationItemRecord {
  return { ...row, candidates: row.candidates === null ? [] : (JSON.parse(row.candidates) as string[]), manual: row.manual === 1 }
}

function where(filter: ItemFilter): string {
  if (filter.kind !== undefined) return 'AND kind = @kind'
  if (filter.exceptions === true) return "AND kind <> 'matched'"
  if (filter.exceptions === false) return "AND kind = 'matched'"
  return ''
}

/** The items of one reconciliation at a time, by its `number`. */
function itemsPart(db: Db) {
  const insertStmt = db.prepare('INSERT INTO reconciliation_items (id, kind, line, transaction_id, file_amount, paydesk_amount, candidates, note, manual) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
  const replaceStmt = db.prepare(`UPDATE reconciliation_items SET kind = ?, line = ?, transaction_id = ?, file_amount = ?, paydesk_amount = ?,
    candidates = ?, note = ?, manual = ? WHERE id = ?`)
  const deleteStmt = db.prepare('DELETE FROM reconciliation_items WHERE id = ?')
  const getStmt = db.prepare<{ low: number; id: number }, StoredItem>(`SELECT ${COLUMNS} FROM reconciliation_items WHERE id = @id`)
  const byTransactionStmt = db.prepare<{ low: number; high: number; transactionId: string }, StoredItem>(
    `SELECT ${COLUMNS} FROM reconciliation_items WHERE id BETWEEN @low AND @high AND transaction_id = @transactionId ORDER BY id`,
  )
  const lastSeqStmt = db.prepare<{ low: number; high: number }, { seq: number | null }>('SELECT MAX(id) - @low AS seq FROM reconciliation_items WHERE id BETWEEN @low AND @high')
  const countsStmt = db.prepare<{ low: number; high: number }, { kind: ReconciliationItemKind; n: number }>(
    'SELECT kind, COUNT(*) AS n FROM reconciliation_items WHERE id BETWEEN @low AND @high GROUP BY kind',
  )
  const betweenStmt = db.prepare<{ low: number; from: number; to: number; limit: number }, StoredItem>(`SELECT ${COLUMNS} FROM reconciliation_items WHERE id BETWEEN @low + @from AND @low + @to ORDER BY id LIMIT @limit`)
  const allStmt = db.prepare<{ low: number; high: number }, StoredItem>(`SELECT ${COLUMNS} FROM reconciliation_items WHERE id BETWEEN @low AND @high ORDER BY id`)
  const write = (number: number, item: ReconciliationItemRecord) => [
    item.kind, item.line, item.transaction_id, item.file_amount, item.paydesk_amount,
    item.candidates.length === 0 ? null : JSON.stringify(item.candidates), item.note, item.manual ? 1 : 0, number * SPAN + item.seq,
  ] as const
  return {
    /** Items in seq order: appended to the end of the table's b-tree, one positional statement each (no parameter object). */
    insertAll(number: number, items: readonly ReconciliationItemRecord[]): void {
      const base = number * SPAN
      for (const item of items) {
        insertStmt.run(base + item.seq, item.kind, item.line, item.transaction_id, item.file_amount, item.paydesk_amount,
          item.candidates.length === 0 ? null : JSON.stringify(item.candidates), item.note, item.manual ? 1 : 0)
      }
    },
    insert(number: number, item: ReconciliationItemRecord): void {
      const [kind, line, transactionId, fileAmount, paydeskAmount, candidates, note, manual, id] = write(number, item)
      insertStmt.run(id, kind, line, transactionId, fileAmount, paydeskAmount, candidates, note, manual)
    },
    replace(number: number, item: ReconciliationItemRecord): void {
      replaceStmt.run(...write(number, item))
    },
    delete(number: number, seq: number): void {
      deleteStmt.run(number * SPAN + seq)
    },
    get(number: number, seq: number): ReconciliationItemRecord | undefined {
      if (!Number.isSafeInteger(seq) || seq < 0 || seq >= SPAN) return undefined
      const row = getStmt.get({ low: number * SPAN, id: number * SPAN + seq })
      return row && decode(row)
    },
    byTransaction(number: number, transactionId: string): ReconciliationItemRecord[] {
      return byTransactionStmt.all({ ...range(number), transactionId }).map(decode)
    },
    /** Up to `limit` items with seqs from `from` to `to` (inclusive), in seq order: a page of the export. */
    between: (number: number, from: number, to: number, limit: number): ReconciliationItemRecord[] => betweenStmt.all({ low: number * SPAN, from, to: Math.min(to, SPAN - 1), limit }).map(decode),
    lastSeq(number: number): number {
      return lastSeqStmt.get(range(number))!.seq ?? 0
    },
    counts(number: number): Partial<Record<ReconciliationItemKind, number>> {
      return Object.fromEntries(countsStmt.all(range(number)).map((row) => [row.kind, row.n]))
    },
    /** A page, exceptions first, each part in seq order. */
    page(number: number, filter: ItemFilter, limit: number, offset: number): ReconciliationItemRecord[] {
      const sql = `SELECT ${COLUMNS} FROM reconciliation_items WHERE id BETWEEN @low AND @high ${where(filter)}
        ORDER BY kind = 'matched', id LIMIT @limit OFFSET @offset`
      return db.prepare<object, StoredItem>(sql).all({ ...range(number), kind: filter.kind, limit, offset }).map(decode)
    },
    count(number: number, filter: ItemFilter): number {
      const sql = `SELECT COUNT(*) AS n FROM reconciliation_items WHERE id BETWEEN @low AND @high ${where(filter)}`
      return db.prepare<object, { n: number }>(sql).get({ ...range(number), kind: filter.kind })!.n
    },
    /** Every item in seq order (the export). */
    all(number: number): ReconciliationItemRecord[] {
      return allStmt.all(range(number)).map(decode)
    },
  }
}

/** The matches made by hand (by the reconciliation's id), with what each replaced. */
function matchesPart(db: Db) {
  const matchStmt = db.prepare<[string, number], { transaction_id: string; replaced: string }>(
    'SELECT transaction_id, replaced FROM reconciliation_matches WHERE reconciliation_id = ? AND line = ?',
  )
  const saveMatchStmt = db.prepare('INSERT INTO reconciliation_matches (reconciliation_id, line, transaction_id, replaced, created_at) VALUES (?, ?, ?, ?, ?)')
  const deleteMatchStmt = db.prepare('DELETE FROM reconciliation_matches WHERE reconciliation_id = ? AND line = ?')
  return {
    match(id: string, line: number): { transactionId: string; replaced: ReplacedByMatch } | undefined {
      const row = matchStmt.get(id, line)
      return row && { transactionId: row.transaction_id, replaced: JSON.parse(row.replaced) as ReplacedByMatch }
    },
    saveMatch(id: string, line: number, transactionId: string, replaced: ReplacedByMatch, now: number): void {
      saveMatchStmt.run(id, line, transactionId, JSON.stringify(replaced), now)
    },
    deleteMatch(id: string, line: number): void {
      deleteMatchStmt.run(id, line)
    },
  }
}

/** The items of reconciliations (by the reconciliation's `number`) and the matches made by hand (by its id). */
export function createReconciliationItemsRepo(db: Db) {
  return { ...itemsPart(db), ...matchesPart(db) }
}
export type ReconciliationItemsRepo = ReturnType<typeof createReconciliationItemsRepo>

/** SQL naming the items of the reconciliations `reconciliations` (a query of their numbers, as `r.number`) selects: one key range each. */
export function itemsOfReconciliationsSql(reconciliations: string): string {
  return `SELECT i.id FROM (${reconciliations}) r JOIN reconciliation_items i ON i.id BETWEEN r.number * ${SPAN} AND r.number * ${SPAN} + ${SPAN - 1}`
}
