import { TRANSACTION_JSON_COLUMNS, type NewTransaction, type StoredTransactionRow, type TransactionRow, type TransactionUpdate, type TransactionViewRow } from './rows'

/** A list row as read (the view's columns, JSON as text). */
export type StoredViewRow = Omit<TransactionViewRow, 'metadata' | 'sub_merchant_details'> & Pick<StoredTransactionRow, 'metadata' | 'sub_merchant_details'>

/**
 * The last text decoded per column and its value. A unit reads one row several times (finalizing: read,
 * then the row its status change returns), and the JSON columns never change after insert, so the second
 * read reuses the first one's value. Records are read-only: sharing a decoded value between them is safe.
 */
const last = TRANSACTION_JSON_COLUMNS.map(() => ({ text: '', value: undefined as unknown }))

/** Decodes the JSON columns the row has, in place: the row is fresh from better-sqlite3, so nothing is copied. */
function decodeInPlace(row: Record<string, unknown>): void {
  for (let i = 0; i < TRANSACTION_JSON_COLUMNS.length; i++) {
    const column = TRANSACTION_JSON_COLUMNS[i]!
    const text = row[column]
    if (typeof text !== 'string') continue
    const memo = last[i]!
    if (memo.text !== text) {
      memo.text = text
      memo.value = JSON.parse(text)
    }
    row[column] = memo.value
  }
}

/** A row as read from SQLite -> the record the engine uses, its JSON columns decoded once, here. */
export function decodeRow(row: StoredTransactionRow): TransactionRow {
  decodeInPlace(row)
  return row as unknown as TransactionRow
}

export function decodeViewRow(row: StoredViewRow): TransactionViewRow {
  decodeInPlace(row)
  return row as unknown as TransactionViewRow
}

const encode = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value))

/** A new record -> what SQLite stores. */
export function encodeTransaction(row: NewTransaction): Omit<StoredTransactionRow, 'id' | 'last_event_id'> {
  return {
    ...row, metadata: encode(row.metadata), sub_merchant_details: encode(row.sub_merchant_details), counterparty: encode(row.counterparty),
    outcome: encode(row.outcome),
  }
}

/** The fields of a state change -> what SQLite stores (the planned outcome is the one JSON column a change may set). */
export function encodeUpdate(fields: TransactionUpdate): Record<string, unknown> {
  return fields.outcome === undefined ? fields : { ...fields, outcome: encode(fields.outcome) }
}
