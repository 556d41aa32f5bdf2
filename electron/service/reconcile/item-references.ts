import type { ReconciliationItem } from '../../../shared/schemas/reconciliations'
import type { ReconciliationItemRecord } from '../db/reconciliation-items-repo'
import type { ReconciliationRecord } from '../db/reconciliations-repo'
import type { Store } from '../db/store'
import { readFile } from './file-rows'

type FileFacts = Map<number, { reference: string | null; phone: string | null }>

/** The file's own reference and phone by line, for the last few reconciliations read (a saved file never changes). */
const recent = new Map<string, FileFacts>()
const RECENT_FILES = 4

function factsByLine(store: Store, record: ReconciliationRecord): FileFacts {
  const known = recent.get(record.id)
  if (known) return known
  const facts: FileFacts = new Map()
  for (const row of readFile(store.reconciliations.fileText(record.id), record.mapping, record.amount_unit, record.time_zone).rows) {
    facts.set(row.line, { reference: row.reference, phone: row.phone })
  }
  if (recent.size >= RECENT_FILES) recent.delete(recent.keys().next().value!)
  recent.set(record.id, facts)
  return facts
}

/**
 * What a page of items shows beside the amounts: the file row's reference (the merchant's order number) and
 * phone, and the merchant reference of the Paydesk charge it is matched to, so each side reads in its own words.
 */
export function itemReferences(store: Store, record: ReconciliationRecord, items: readonly ReconciliationItemRecord[]) {
  const mapsFacts = record.mapping['reference'] !== undefined || record.mapping['phone'] !== undefined
  const file = mapsFacts && items.some((item) => item.line !== null) ? factsByLine(store, record) : null
  const references = new Map<string, string | null>()
  for (const item of items) {
    if (item.transaction_id === null || references.has(item.transaction_id)) continue
    references.set(item.transaction_id, store.reconciliations.transaction(record.organization_id, record.environment, item.transaction_id)?.reference ?? null)
  }
  return (item: ReconciliationItemRecord): Pick<ReconciliationItem, 'fileReference' | 'filePhone' | 'paydeskReference'> => {
    // A charge's own item (missing in the file, a second payment) has no file row of its own.
    const row = item.line !== null && item.file_amount !== null ? file?.get(item.line) : undefined
    return {
      fileReference: row?.reference ?? null, filePhone: row?.phone ?? null,
      paydeskReference: item.transaction_id === null ? null : references.get(item.transaction_id) ?? null,
    }
  }
}
