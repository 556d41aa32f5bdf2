import { ApiError } from '../../../shared/errors'
import { hostTimeZone } from '../../../shared/local-days'
import { headerKey } from '../../../shared/reconcile-columns'
import {
  RECONCILIATION_PAGE, type AmountUnit, type Reconciliation, type ReconciliationMapping,
} from '../../../shared/schemas/reconciliations'
import type { ItemFilter } from '../db/reconciliation-items-repo'
import type { ReconciliationRecord } from '../db/reconciliations-repo'
import type { Store } from '../db/store'
import type { Principal } from '../core/principal'
import type { Unit } from '../core/unit'
import { readFile } from './file-rows'
import { itemReferences } from './item-references'
import { matchFile } from './matcher'
import { periodOf } from './period'
import { exceptionsOf, summaryOf, toHead, toItem } from './view'

/** Whose reconciliation: the caller's organization and environment. */
export type Scope = Pick<Principal, 'organizationId' | 'environment'>

export interface ReconcileRequest {
  name: string
  csv: string
  mapping: ReconciliationMapping
  amountUnit: AmountUnit
  from: string
  to: string
  timeZone?: string
}

export interface PageRequest extends ItemFilter {
  limit?: number
  offset?: number
}

/** The reconciliation of `scope` with this id, or 404. */
export function reconciliationOf(store: Store, scope: Scope, id: string): ReconciliationRecord {
  const record = store.reconciliations.get(scope.organizationId, scope.environment, id)
  if (!record) throw new ApiError('not_found', `No reconciliation ${id} in the ${scope.environment} environment.`, 'id')
  return record
}

/** The reconciliation with one page of its items (exceptions first). */
export function reconciliationPage(store: Store, record: ReconciliationRecord, page: PageRequest = {}): Reconciliation {
  const filter: ItemFilter = { kind: page.kind, exceptions: page.exceptions }
  const items = store.reconciliationItems.page(record.number, filter, page.limit ?? RECONCILIATION_PAGE, page.offset ?? 0)
  const references = itemReferences(store, record, items)
  return { ...toHead(record), items: items.map((item) => toItem(item, references(item))), itemsTotal: store.reconciliationItems.count(record.number, filter) }
}

/**
 * Reads the file, matches it against the charges of the period and saves the reconciliation with its items
 * and the file's text, in the unit's transaction; remembers the mapping for the file's header. Queues
 * `reconciliation.saved` (notifications read it once the unit committed).
 */
export function reconcile(unit: Unit, scope: Scope, request: ReconcileRequest, id: string): Reconciliation {
  const { store, now } = unit
  const timeZone = request.timeZone ?? hostTimeZone()
  const period = periodOf(request.from, request.to, timeZone)
  const file = readFile(request.csv, request.mapping, request.amountUnit, timeZone)
  const { organizationId, environment } = scope
  const items = matchFile({
    rows: file.rows,
    charges: store.reconciliations.completedCharges(organizationId, environment, period.fromMs, period.toMs),
    lookup: {
      byReference: (reference) => store.reconciliations.chargeByReference(organizationId, environment, reference),
      byReceipt: (receipt) => store.reconciliations.chargeByReceipt(organizationId, environment, receipt),
      byInvoice: (invoice) => store.reconciliations.chargeByInvoice(organizationId, environment, invoice),
    },
    dayOf: period.dayOf,
    inPeriod: period.inPeriod,
  })
  const counts: Partial<Record<(typeof items)[number]['kind'], number>> = {}
  for (const item of items) counts[item.kind] = (counts[item.kind] ?? 0) + 1
  const record: ReconciliationRecord = {
    id, number: store.reconciliations.nextNumber(), organization_id: organizationId, environment, name: request.name, from_day: request.from, to_day: request.to, time_zone: timeZone,
    amount_unit: request.amountUnit, mapping: request.mapping, summary: summaryOf(file.rows.length, counts), created_at: now, updated_at: now,
  }
  store.reconciliations.insert({ ...record, file_text: request.csv })
  store.reconciliationItems.insertAll(record.number, items)
  store.reconciliations.saveMapping(organizationId, environment, headerKey(file.header), request.mapping, request.amountUnit, now)
  unit.emit({ type: 'reconciliation.saved', environment, reconciliationId: id, exceptions: exceptionsOf(record.summary) })
  return reconciliationPage(store, record)
}
