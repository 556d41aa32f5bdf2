import type { ReconciliationItemKind, ReconciliationHead, ReconciliationItem, ReconciliationSummary } from '../../../shared/schemas/reconciliations'
import type { ReconciliationItemRecord } from '../db/reconciliation-items-repo'
import type { ReconciliationRecord } from '../db/reconciliations-repo'

/** The summary of a reconciliation from its item counts by kind. */
export function summaryOf(fileRows: number, counts: Partial<Record<ReconciliationItemKind, number>>): ReconciliationSummary {
  return {
    fileRows, matched: counts.matched ?? 0, amountMismatch: counts.amount_mismatch ?? 0, missingInPaydesk: counts.missing_in_paydesk ?? 0,
    missingInFile: counts.missing_in_file ?? 0, duplicates: counts.duplicate ?? 0, ambiguous: counts.ambiguous ?? 0,
  }
}

/** Items of every kind but `matched`. */
export function exceptionsOf(summary: ReconciliationSummary): number {
  return summary.amountMismatch + summary.missingInPaydesk + summary.missingInFile + summary.duplicates + summary.ambiguous
}

export function toHead(record: ReconciliationRecord): ReconciliationHead {
  return {
    id: record.id, name: record.name, from: record.from_day, to: record.to_day, timeZone: record.time_zone, amountUnit: record.amount_unit,
    mapping: { ...record.mapping }, createdAt: record.created_at, summary: record.summary, exceptions: exceptionsOf(record.summary),
  }
}

type References = Pick<ReconciliationItem, 'fileReference' | 'filePhone' | 'paydeskReference'>
const NO_REFERENCES: References = { fileReference: null, filePhone: null, paydeskReference: null }

export function toItem(item: ReconciliationItemRecord, references: References = NO_REFERENCES): ReconciliationItem {
  return {
    kind: item.kind, line: item.line, transactionId: item.transaction_id, fileAmount: item.file_amount, paydeskAmount: item.paydesk_amount, ...references,
    candidates: item.candidates, note: item.note, manual: item.manual,
  }
}
