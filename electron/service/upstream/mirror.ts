import { TransactionSchema, type Transaction } from '../../../shared/schemas/transaction'
import type { Unit } from '../core/unit'
import { newTransaction } from '../db/new-transaction'
import type { TransactionRow, TransactionUpdate } from '../db/rows'
import { linkInsertedReversal } from './outbox/reversal'
import { bringForward } from '../lifecycle/brought-forward'
import { postMirrored } from '../lifecycle/mirror-ledger'

/** Whose mirror a write belongs to: the connected organization's environment, and when it was connected. */
export interface MirrorScope {
  organizationId: string
  environment: 'test' | 'live'
  /** Rows the provider created before this are history: finding them raises nothing. */
  connectedAt: number
  /** Where the balance brought forward is dated: before every mirrored transaction (lifecycle/brought-forward.ts). */
  openingAt: number
}

/**
 * Posts what a mirrored row owes the ledger, bringing forward what history before the mirror has to pay for;
 * `news` as for the row's `transaction.changed` (upsertPage).
 */
export const post = (unit: Unit, scope: MirrorScope, row: TransactionRow, news: boolean) => postMirrored(unit, row, news, (needs) => bringForward(unit, scope, needs))

/** The provider owns these; each change of one after a row was first mirrored is a change in the feed. */
const TRACKED = ['status', 'amount', 'fees', 'chargedAmount', 'processorReference', 'message'] as const
type Tracked = (typeof TRACKED)[number]

const fingerprintOf = (t: Transaction) => JSON.stringify([t.status, t.updatedAt, ...TRACKED.map((field) => t[field])])

/** The provider's transactions of a page that parse; the others are counted, never guessed at. */
export function parseItems(items: unknown): { rows: Transaction[]; unreadable: number } {
  const rows: Transaction[] = []
  let unreadable = 0
  for (const item of Array.isArray(items) ? items : []) {
    const parsed = TransactionSchema.safeParse(item)
    if (parsed.success) rows.push(parsed.data)
    else unreadable++
  }
  return { rows, unreadable }
}

function insertMirrored(unit: Unit, scope: MirrorScope, t: Transaction): TransactionRow {
  const { store } = unit
  const account = store.accounts.resolve(scope.organizationId, scope.environment, t.accountType)
  const row = store.transactions.insert(newTransaction({
    public_id: t.publicId, organization_id: scope.organizationId, environment: scope.environment, type: t.type, status: t.status,
    account_id: account.id, account_type: t.accountType, amount: Math.max(1, t.amount ?? t.chargedAmount ?? 1), created_at: t.createdAt,
    updated_at: t.updatedAt, merchant_transaction_id: t.merchantTransactionId, charged_amount: t.chargedAmount, fees: Math.max(0, t.fees ?? 0),
    currency: t.currency, payment_method: t.paymentMethod, processor: t.processor, processor_reference: t.processorReference,
    phone_number: t.phoneNumber, narration: t.narration, message: t.message, customer_id: t.customerId, metadata: t.metadata as TransactionRow['metadata'],
    sub_merchant_id: t.subMerchantId, sub_merchant_details: t.subMerchantDetails as TransactionRow['sub_merchant_details'],
  }))
  store.upstream.insertRow(row.id, scope.organizationId, scope.environment, fingerprintOf(t), unit.now)
  if (t.type !== 'reversal') {
    post(unit, scope, row, t.createdAt >= scope.connectedAt)
    return row
  }
  // A reversal sent through the outbox is linked to its charge first, so its postings refund that charge's fee.
  linkInsertedReversal(unit, scope.organizationId, scope.environment, t.publicId)
  const linked = store.transactions.get(row.id) ?? row
  post(unit, scope, linked, t.createdAt >= scope.connectedAt)
  return linked
}

const asText = (value: unknown) => (value === null || value === undefined ? null : String(value))
const localValue = (row: TransactionRow, field: Tracked): unknown =>
  ({ status: row.status, amount: row.amount, fees: row.fees, chargedAmount: row.charged_amount, processorReference: row.processor_reference, message: row.message })[field]

/** The provider's new values of a mirrored row, its timeline entry when the status moved, the ledger's difference, and the changes feed. */
function applyChange(unit: Unit, scope: MirrorScope, row: TransactionRow, t: Transaction): boolean {
  const { store } = unit
  const changed = TRACKED.filter((field) => field !== 'message' && asText(localValue(row, field)) !== asText(t[field] ?? (field === 'fees' ? 0 : null)))
  const fields: TransactionUpdate = {
    message: t.message, fees: Math.max(0, t.fees ?? 0), charged_amount: t.chargedAmount, processor_reference: t.processorReference,
    amount: Math.max(1, t.amount ?? row.amount),
  }
  const at = Math.max(t.updatedAt, row.updated_at)
  const updated = t.status !== row.status ? store.transactions.setStatus(row, t.status, at, fields) : store.transactions.patch(row, at, fields)
  post(unit, scope, updated, t.status !== row.status)
  for (const field of changed) store.upstream.insertChange(scope.organizationId, scope.environment, row.id, field, asText(localValue(row, field)), asText(t[field]), unit.now)
  return t.status !== row.status
}

export interface UpsertTally {
  inserted: number
  changed: number
  unchanged: number
}

/**
 * Upserts one page of the provider's transactions by their publicId, in the caller's unit. A new row raises
 * its notifications (a `transaction.changed` event) only when the provider created it after the connection;
 * a status change of a mirrored row is always news. Local fields (notes, reconciliation matches) are never
 * touched: only the columns the provider owns change.
 */
export function upsertPage(unit: Unit, scope: MirrorScope, rows: readonly Transaction[]): UpsertTally {
  const tally: UpsertTally = { inserted: 0, changed: 0, unchanged: 0 }
  const { store } = unit
  for (const t of rows) {
    const existing = store.transactions.getByPublicId(scope.organizationId, scope.environment, t.publicId)
    if (!existing) {
      insertMirrored(unit, scope, t)
      tally.inserted++
      if (t.createdAt >= scope.connectedAt) unit.emit({ type: 'transaction.changed', environment: scope.environment, transactionId: t.publicId, status: t.status })
      continue
    }
    const record = store.upstream.row(existing.id)
    const fingerprint = fingerprintOf(t)
    if (record && record.fingerprint === fingerprint) {
      if (record.vanished_at !== null) {
        store.upstream.touchRow(existing.id, fingerprint, unit.now)
        store.upstream.insertChange(scope.organizationId, scope.environment, existing.id, 'presence', 'vanished', 'listed', unit.now)
      }
      tally.unchanged++
      continue
    }
    const statusMoved = applyChange(unit, scope, existing, t)
    if (record) store.upstream.touchRow(existing.id, fingerprint, unit.now)
    else store.upstream.insertRow(existing.id, scope.organizationId, scope.environment, fingerprint, unit.now)
    tally.changed++
    if (statusMoved) unit.emit({ type: 'transaction.changed', environment: scope.environment, transactionId: t.publicId, status: t.status })
  }
  return tally
}

/**
 * Rows mirrored inside a window the provider no longer lists: flagged (never deleted), and said in the
 * changes feed (`presence`: listed -> vanished). Returns how many were newly flagged.
 */
export function flagVanished(unit: Unit, scope: MirrorScope, window: { fromMs: number; toMs: number }, listed: ReadonlySet<string>): number {
  let flagged = 0
  for (const row of unit.store.upstream.inWindow(scope.organizationId, scope.environment, window.fromMs, window.toMs)) {
    if (listed.has(row.public_id) || row.vanished_at !== null || !unit.store.upstream.vanish(row.transaction_id, unit.now)) continue
    unit.store.upstream.insertChange(scope.organizationId, scope.environment, row.transaction_id, 'presence', 'listed', 'vanished', unit.now)
    flagged++
  }
  return flagged
}
