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

const COLUMNS = 'seq, kind, line, transaction_id, file_amount, paydesk_amount, candidates, note, manual'

function decode(row: StoredItem): ReconciliationItemRecord {
  return { ...row, candidates: row.candidates === null ? [] : (JSON.parse(row.candidates) as string[]), manual: row.manual === 1 }
}

function stored(id: string, item: ReconciliationItemRecord) {
  return {
    ...item, reconciliation_id: id, candidates: item.candidates.length === 0 ? null : JSON.stringify(item.candidates), manual: item.manual ? 1 : 0,
  }
}

function where(filter: ItemFilter): string {
  if (filter.kind !== undefined) return 'AND kind = @kind'
  if (filter.exceptions === true) return "AND kind <> 'matched'"
  if (filter.exceptions === false) return "AND kind = 'matched'"
  return ''
}

/** The items of reconciliations and the matches made by hand. */
export function createReconciliationItemsRepo(db: Db) {
  const insertStmt = db.prepare(`INSERT INTO reconciliation_items (reconciliation_id, seq, kind, line, transaction_id, file_amount,
    paydesk_amount, candidates, note, manual) VALUES (@reconciliation_id, @seq, @kind, @line, @transaction_id, @file_amount,
    @paydesk_amount, @candidates, @note, @manual)`)
  const replaceStmt = db.prepare(`UPDATE reconciliation_items SET kind = @kind, line = @line, transaction_id = @transaction_id,
    file_amount = @file_amount, paydesk_amount = @paydesk_amount, candidates = @candidates, note = @note, manual = @manual
    WHERE reconciliation_id = @reconciliation_id AND seq = @seq`)
  const deleteStmt = db.prepare('DELETE FROM reconciliation_items WHERE reconciliation_id = ? AND seq = ?')
  const getStmt = db.prepare<[string, number], StoredItem>(`SELECT ${COLUMNS} FROM reconciliation_items WHERE reconciliation_id = ? AND seq = ?`)
  const byTransactionStmt = db.prepare<[string, string], StoredItem>(
    `SELECT ${COLUMNS} FROM reconciliation_items WHERE reconciliation_id = ? AND transaction_id = ? ORDER BY seq`,
  )
  const lastSeqStmt = db.prepare<[string], { seq: number | null }>('SELECT MAX(seq) AS seq FROM reconciliation_items WHERE reconciliation_id = ?')
  const countsStmt = db.prepare<[string], { kind: ReconciliationItemKind; n: number }>(
    'SELECT kind, COUNT(*) AS n FROM reconciliation_items WHERE reconciliation_id = ? GROUP BY kind',
  )
  const allStmt = db.prepare<[string], StoredItem>(`SELECT ${COLUMNS} FROM reconciliation_items WHERE reconciliation_id = ? ORDER BY seq`)
  const matchStmt = db.prepare<[string, number], { transaction_id: string; replaced: string }>(
    'SELECT transaction_id, replaced FROM reconciliation_matches WHERE reconciliation_id = ? AND line = ?',
  )
  const saveMatchStmt = db.prepare('INSERT INTO reconciliation_matches (reconciliation_id, line, transaction_id, replaced, created_at) VALUES (?, ?, ?, ?, ?)')
  const deleteMatchStmt = db.prepare('DELETE FROM reconciliation_matches WHERE reconciliation_id = ? AND line = ?')
  return {
    insertAll(id: string, items: readonly ReconciliationItemRecord[]): void {
      for (const item of items) insertStmt.run(stored(id, item))
    },
    insert(id: string, item: ReconciliationItemRecord): void {
      insertStmt.run(stored(id, item))
    },
    replace(id: string, item: ReconciliationItemRecord): void {
      replaceStmt.run(stored(id, item))
    },
    delete(id: string, seq: number): void {
      deleteStmt.run(id, seq)
    },
    get(id: string, seq: number): ReconciliationItemRecord | undefined {
      const row = getStmt.get(id, seq)
      return row && decode(row)
    },
    byTransaction(id: string, transactionId: string): ReconciliationItemRecord[] {
      return byTransactionStmt.all(id, transactionId).map(decode)
    },
    lastSeq(id: string): number {
      return lastSeqStmt.get(id)!.seq ?? 0
    },
    counts(id: string): Partial<Record<ReconciliationItemKind, number>> {
      return Object.fromEntries(countsStmt.all(id).map((row) => [row.kind, row.n]))
    },
    /** A page, exceptions first, each part in seq order. */
    page(id: string, filter: ItemFilter, limit: number, offset: number): ReconciliationItemRecord[] {
      const sql = `SELECT ${COLUMNS} FROM reconciliation_items WHERE reconciliation_id = @id ${where(filter)}
        ORDER BY kind = 'matched', seq LIMIT @limit OFFSET @offset`
      return db.prepare<object, StoredItem>(sql).all({ id, kind: filter.kind, limit, offset }).map(decode)
    },
    count(id: string, filter: ItemFilter): number {
      const sql = `SELECT COUNT(*) AS n FROM reconciliation_items WHERE reconciliation_id = @id ${where(filter)}`
      return db.prepare<object, { n: number }>(sql).get({ id, kind: filter.kind })!.n
    },
    /** Every item in seq order (the export). */
    all(id: string): ReconciliationItemRecord[] {
      return allStmt.all(id).map(decode)
    },
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
export type ReconciliationItemsRepo = ReturnType<typeof createReconciliationItemsRepo>
