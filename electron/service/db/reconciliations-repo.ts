import type { Environment, TransactionStatus } from '../../../shared/schemas/common'
import type { AmountUnit, ReconciliationMapping, ReconciliationSummary } from '../../../shared/schemas/reconciliations'
import type { Db } from './connection'

/** A saved reconciliation without its file text (migration 019); JSON columns decoded. */
export interface ReconciliationRecord {
  id: string
  /** Counts reconciliations (1, 2, ...): the key range of its items (reconciliation-items-repo.ts). */
  number: number
  organization_id: string
  environment: Environment
  name: string
  from_day: string
  to_day: string
  time_zone: string
  amount_unit: AmountUnit
  mapping: ReconciliationMapping
  summary: ReconciliationSummary
  created_at: number
  updated_at: number
}

/** A charge as reconciliation reads it: what it can be matched by, and whether it was paid. */
export interface ChargeRecord {
  /** The row id (transactions.id). */
  rowId: number
  /** The public id (txn_…). */
  id: string
  reference: string | null
  /** The processor's receipt, upper-cased. */
  receipt: string | null
  phone: string | null
  amount: number
  status: TransactionStatus
  createdAt: number
  message: string | null
  /** A completed reversal gave the money back. */
  reversed: 0 | 1
}

/** A row of the period's charges as the driver hands it over: the columns in ChargeRecord's order, without `message` and `reversed`. */
type PeriodRow = [number, string, string | null, string | null, string | null, number, TransactionStatus, number]

type StoredReconciliation = Omit<ReconciliationRecord, 'mapping' | 'summary'> & { mapping: string; summary: string }

const HEAD_COLUMNS = 'id, number, organization_id, environment, name, from_day, to_day, time_zone, amount_unit, mapping, summary, created_at, updated_at'

const CHARGE_COLUMNS = `t.id AS rowId, t.public_id AS id, t.merchant_transaction_id AS reference, upper(t.processor_reference) AS receipt,
  t.phone_number AS phone, t.amount, t.status, t.created_at AS createdAt, t.message,
  EXISTS (SELECT 1 FROM transactions r WHERE r.related_id = t.id AND r.type = 'reversal' AND r.status = 'completed') AS reversed`

function decode(row: StoredReconciliation): ReconciliationRecord {
  return { ...row, mapping: JSON.parse(row.mapping) as ReconciliationMapping, summary: JSON.parse(row.summary) as ReconciliationSummary }
}

/** Saved reconciliations and the mappings remembered per file header. */
function reconciliationsPart(db: Db) {
  const insertStmt = db.prepare(`INSERT INTO reconciliations (id, number, organization_id, environment, name, from_day, to_day, time_zone, amount_unit,
    mapping, file_text, summary, created_at, updated_at) VALUES (@id, @number, @organization_id, @environment, @name, @from_day, @to_day, @time_zone,
    @amount_unit, @mapping, @file_text, @summary, @created_at, @updated_at)`)
  const nextNumberStmt = db.prepare<[], { n: number }>('SELECT COALESCE(MAX(number), 0) + 1 AS n FROM reconciliations')
  const getStmt = db.prepare<[string, string, string], StoredReconciliation>(
    `SELECT ${HEAD_COLUMNS} FROM reconciliations WHERE id = ? AND organization_id = ? AND environment = ?`,
  )
  const anyOwnerStmt = db.prepare<[string], StoredReconciliation>(`SELECT ${HEAD_COLUMNS} FROM reconciliations WHERE id = ?`)
  const listStmt = db.prepare<[string, string, number], StoredReconciliation>(
    `SELECT ${HEAD_COLUMNS} FROM reconciliations WHERE organization_id = ? AND environment = ? ORDER BY created_at DESC, number DESC LIMIT ?`,
  )
  const fileStmt = db.prepare<[string], { file_text: string }>('SELECT file_text FROM reconciliations WHERE id = ?')
  const summaryStmt = db.prepare('UPDATE reconciliations SET summary = ?, updated_at = ? WHERE id = ?')
  const mappingStmt = db.prepare<[string, string, string], { mapping: string; amount_unit: AmountUnit }>(
    'SELECT mapping, amount_unit FROM reconciliation_mappings WHERE organization_id = ? AND environment = ? AND header = ?',
  )
  const saveMappingStmt = db.prepare(`INSERT INTO reconciliation_mappings (organization_id, environment, header, mapping, amount_unit, updated_at)
    VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (organization_id, environment, header) DO UPDATE SET mapping = excluded.mapping,
    amount_unit = excluded.amount_unit, updated_at = excluded.updated_at`)
  return {
    /** The number the next reconciliation gets. */
    nextNumber: (): number => nextNumberStmt.get()!.n,
    insert(row: ReconciliationRecord & { file_text: string }): void {
      insertStmt.run({ ...row, mapping: JSON.stringify(row.mapping), summary: JSON.stringify(row.summary) })
    },
    get(organizationId: string, environment: string, id: string): ReconciliationRecord | undefined {
      const row = getStmt.get(id, organizationId, environment)
      return row && decode(row)
    },
    /** By id alone, whoever owns it (the notifier reads whose it is). */
    byId(id: string): ReconciliationRecord | undefined {
      const row = anyOwnerStmt.get(id)
      return row && decode(row)
    },
    list: (organizationId: string, environment: string, limit: number): ReconciliationRecord[] => listStmt.all(organizationId, environment, limit).map(decode),
    fileText: (id: string): string => fileStmt.get(id)!.file_text,
    setSummary(id: string, summary: ReconciliationSummary, now: number): void {
      summaryStmt.run(JSON.stringify(summary), now, id)
    },
    mapping(organizationId: string, environment: string, header: string): { mapping: ReconciliationMapping; amountUnit: AmountUnit } | undefined {
      const row = mappingStmt.get(organizationId, environment, header)
      return row && { mapping: JSON.parse(row.mapping) as ReconciliationMapping, amountUnit: row.amount_unit }
    },
    saveMapping(organizationId: string, environment: string, header: string, mapping: ReconciliationMapping, amountUnit: AmountUnit, now: number): void {
      saveMappingStmt.run(organizationId, environment, header, JSON.stringify(mapping), amountUnit, now)
    },
  }
}

/** The charges a reconciliation reads: the period's, and one at a time by reference, receipt or id. */
function chargesPart(db: Db) {
  // The period's completed charges through transactions_list (organization, environment, created_at), as
  // arrays (no object per row built by the driver: a period holds ~100,000 of them); their reversals by one
  // range of transactions_related over their row ids, never a scan of the rows created since. Charges that
  // were not paid are found by the one-row lookups when a row names them.
  const periodStmt = db.prepare<[string, string, number, number], PeriodRow>(`SELECT t.id, t.public_id, t.merchant_transaction_id,
    upper(t.processor_reference), t.phone_number, t.amount, t.status, t.created_at FROM transactions t
    WHERE t.organization_id = ? AND t.environment = ? AND t.created_at >= ? AND t.created_at <= ? AND t.type = 'charge'
      AND t.status IN ('completed', 'settled')`).raw(true)
  const reversedStmt = db.prepare<[number, number], number>(`SELECT related_id FROM transactions WHERE related_id IS NOT NULL
    AND related_id BETWEEN ? AND ? AND type = 'reversal' AND status = 'completed'`).pluck()
  const byReferenceStmt = db.prepare<[string, string, string], ChargeRecord>(`SELECT ${CHARGE_COLUMNS} FROM transactions t
    WHERE t.organization_id = ? AND t.environment = ? AND t.merchant_transaction_id = ? AND t.type = 'charge'`)
  const byReceiptStmt = db.prepare<[string, string, string], ChargeRecord>(`SELECT ${CHARGE_COLUMNS} FROM transactions t
    WHERE t.organization_id = ? AND t.environment = ? AND upper(t.processor_reference) = ? AND t.processor_reference IS NOT NULL
      AND t.type = 'charge' LIMIT 1`)
  // The tax-invoice index of migration 024 (its partial WHERE term repeated so the planner may use it).
  const byInvoiceStmt = db.prepare<[string, string, string], ChargeRecord>(`SELECT ${CHARGE_COLUMNS} FROM transactions t
    WHERE t.organization_id = ? AND t.environment = ? AND upper(json_extract(t.metadata, '$.taxInvoiceNumber')) = ?
      AND json_extract(t.metadata, '$.taxInvoiceNumber') IS NOT NULL AND t.type = 'charge' LIMIT 1`)
  const byIdStmt = db.prepare<[string, string, string], ChargeRecord & { type: string }>(`SELECT ${CHARGE_COLUMNS}, t.type FROM transactions t
    WHERE t.organization_id = ? AND t.environment = ? AND t.public_id = ?`)
  return {
    /** Completed (or settled) charges created in [fromMs, toMs], reversed ones marked, in no particular order. */
    completedCharges(organizationId: string, environment: string, fromMs: number, toMs: number): ChargeRecord[] {
      const rows = periodStmt.all(organizationId, environment, fromMs, toMs)
      let lowest = Number.POSITIVE_INFINITY
      let highest = Number.NEGATIVE_INFINITY
      for (const row of rows) {
        if (row[0] < lowest) lowest = row[0]
        if (row[0] > highest) highest = row[0]
      }
      const reversed = rows.length === 0 ? new Set<number>() : new Set(reversedStmt.all(lowest, highest))
      return rows.map((row) => ({
        rowId: row[0], id: row[1], reference: row[2], receipt: row[3], phone: row[4], amount: row[5], status: row[6], createdAt: row[7],
        message: null, reversed: reversed.has(row[0]) ? 1 : 0,
      }))
    },
    chargeByReference: (organizationId: string, environment: string, reference: string): ChargeRecord | undefined => byReferenceStmt.get(organizationId, environment, reference),
    /** `receipt` upper-cased, as the index keeps it. */
    chargeByReceipt: (organizationId: string, environment: string, receipt: string): ChargeRecord | undefined => byReceiptStmt.get(organizationId, environment, receipt),
    /** The charge whose metadata.taxInvoiceNumber is `invoice` in any letter case (the tax-invoice convention). */
    chargeByInvoice: (organizationId: string, environment: string, invoice: string): ChargeRecord | undefined =>
      byInvoiceStmt.get(organizationId, environment, invoice.toUpperCase()),
    /** Any transaction by public id, with its type (a manual match must name a charge). */
    transaction(organizationId: string, environment: string, publicId: string): (ChargeRecord & { type: string }) | undefined {
      return byIdStmt.get(organizationId, environment, publicId)
    },
  }
}

/** Saved reconciliations, the mappings remembered per file header, and the charges a reconciliation reads. */
export function createReconciliationsRepo(db: Db) {
  return { ...reconciliationsPart(db), ...chargesPart(db) }
}
export type ReconciliationsRepo = ReturnType<typeof createReconciliationsRepo>
