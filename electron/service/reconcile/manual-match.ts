import { ApiError } from '../../../shared/errors'
import type { Reconciliation } from '../../../shared/schemas/reconciliations'
import type { ReconciliationItemRecord, ReplacedByMatch } from '../db/reconciliation-items-repo'
import type { ReconciliationRecord } from '../db/reconciliations-repo'
import type { Unit } from '../core/unit'
import { isPaid, unpaidNote } from './paid'
import { periodOf } from './period'
import { reconciliationOf, reconciliationPage, type Scope } from './reconcile'
import { summaryOf } from './view'

/** A file row's item: its seq is its line (charges the file misses come after the last line). */
const isRowItem = (item: ReconciliationItemRecord) => item.line === item.seq
const claims = (item: ReconciliationItemRecord) => isRowItem(item) && (item.kind === 'matched' || item.kind === 'amount_mismatch')

function refreshSummary(unit: Unit, record: ReconciliationRecord): ReconciliationRecord {
  const summary = summaryOf(record.summary.fileRows, unit.store.reconciliationItems.counts(record.number))
  unit.store.reconciliations.setSummary(record.id, summary, unit.now)
  return { ...record, summary, updated_at: unit.now }
}

/** The paid charge a person names, checked: a charge of the scope that was paid. */
function paidCharge(unit: Unit, scope: Scope, transactionId: string) {
  const charge = unit.store.reconciliations.transaction(scope.organizationId, scope.environment, transactionId)
  if (!charge) throw new ApiError('not_found', `No transaction ${transactionId} in the ${scope.environment} environment.`, 'transactionId')
  if (charge.type !== 'charge') throw new ApiError('invalid_parameter', `${transactionId} is a ${charge.type}, not a charge: only charges pay orders.`, 'transactionId')
  if (!isPaid(charge)) throw new ApiError('invalid_parameter', `${transactionId} is not a payment. ${unpaidNote(charge)}`, 'transactionId')
  return charge
}

/**
 * The charge's other items: refuses (409) when another row is matched to it; returns its own item (missing in
 * the file, or a second payment listed as a duplicate), which the match replaces.
 */
function chargeItemToReplace(items: readonly ReconciliationItemRecord[], line: number, transactionId: string): ReconciliationItemRecord | null {
  const other = items.find((item) => claims(item) && item.line !== line)
  if (other) throw new ApiError('conflict', `${transactionId} is already matched to line ${other.line}; undo that match first.`, 'transactionId')
  return items.find((item) => !isRowItem(item)) ?? null
}

/** When the row gives up the charge it held (an amount mismatch matched elsewhere), that charge is missing in the file again. */
function freedItem(unit: Unit, record: ReconciliationRecord, row: ReconciliationItemRecord, transactionId: string): ReconciliationItemRecord | null {
  if (row.kind !== 'amount_mismatch' || row.transaction_id === null || row.transaction_id === transactionId) return null
  const { store } = unit
  if (store.reconciliationItems.byTransaction(record.number, row.transaction_id).some((item) => claims(item) && item.line !== row.line)) return null
  const charge = store.reconciliations.transaction(record.organization_id, record.environment, row.transaction_id)
  if (!charge || !isPaid(charge) || !periodOf(record.from_day, record.to_day, record.time_zone).inPeriod(charge.createdAt)) return null
  return {
    seq: store.reconciliationItems.lastSeq(record.number) + 1, kind: 'missing_in_file', line: null, transaction_id: charge.id, file_amount: null,
    paydesk_amount: charge.amount, candidates: [], note: null, manual: false,
  }
}

/** Matches a file row to a paid charge by hand, recording what it replaced so it can be undone exactly. */
export function matchByHand(unit: Unit, scope: Scope, id: string, request: { line: number; transactionId: string; note?: string }): Reconciliation {
  const { store } = unit
  const record = reconciliationOf(store, scope, id)
  const items = store.reconciliationItems
  const { number } = record
  const row = items.get(number, request.line)
  if (!row || !isRowItem(row)) throw new ApiError('not_found', `Line ${request.line} is not a row of this file (the header is line 1).`, 'line')
  if (row.kind === 'matched') {
    throw new ApiError('conflict', `Line ${request.line} is already matched to ${row.transaction_id}${row.manual ? ' by hand; undo that match first' : ''}.`, 'line')
  }
  const charge = paidCharge(unit, scope, request.transactionId)
  const removed = chargeItemToReplace(items.byTransaction(number, charge.id), request.line, charge.id)
  const added = freedItem(unit, record, row, charge.id)
  const note = request.note ? `Matched by hand: ${request.note}` : 'Matched by hand.'
  items.replace(number, { ...row, kind: 'matched', transaction_id: charge.id, paydesk_amount: charge.amount, candidates: [], note, manual: true })
  if (removed) items.delete(number, removed.seq)
  if (added) items.insert(number, added)
  const replaced: ReplacedByMatch = { row, removed, added }
  items.saveMatch(id, request.line, charge.id, replaced, unit.now)
  return reconciliationPage(store, refreshSummary(unit, record))
}

/** Undoes a match made by hand: the row, and the charge's own item, are as they were before it. */
export function undoMatch(unit: Unit, scope: Scope, id: string, line: number): Reconciliation {
  const { store } = unit
  const record = reconciliationOf(store, scope, id)
  const items = store.reconciliationItems
  const { number } = record
  const match = items.match(id, line)
  if (!match) throw new ApiError('not_found', `Line ${line} has no match made by hand.`, 'line')
  const { row, removed, added } = match.replaced
  // The charge this match set free was matched by hand to another row since: that match goes first.
  const taken = added && !items.get(number, added.seq)
  if (taken) {
    const other = items.byTransaction(number, added.transaction_id!).find(claims)
    throw new ApiError('conflict', `${added.transaction_id} was matched to line ${other?.line ?? '?'} after this match; undo that match first.`, 'line')
  }
  items.replace(number, row)
  if (added) items.delete(number, added.seq)
  if (removed) items.insert(number, removed)
  items.deleteMatch(id, line)
  return reconciliationPage(store, refreshSummary(unit, record))
}
