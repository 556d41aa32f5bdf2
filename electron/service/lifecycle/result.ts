import type { TransactionRow } from '../db/rows'
import type { Store } from '../db/store'
import type { TransactionUpdate } from '../db/transactions-repo'
import type { Ids } from '../core/ids'
import type { Unit } from '../core/unit'
import type { PlannedOutcome } from './plan'

/**
 * The processor's reference for a successful transaction: an M-Pesa-style receipt (10 characters, such as
 * TKL3AB9XYZ) for mobile money; a funds-transfer reference of the same length (FT + 8 characters) for banks.
 */
export function processorReference(ids: Ids, processor: TransactionRow['processor']): string {
  const receipt = ids.receipt()
  return processor === 'partnerbank' ? `FT${receipt.slice(2)}` : receipt
}

/** Tells the console a transaction changed state (delivered after the SQLite transaction commits). */
export function announce(unit: Unit, row: TransactionRow): void {
  unit.emit({ type: 'transaction.changed', environment: row.environment, transactionId: row.public_id, status: row.status })
}

/** The columns a final answer writes: outcome text and result code, receipt on success, no more due work. */
export function finalFields(ids: Ids, row: TransactionRow, outcome: PlannedOutcome): TransactionUpdate {
  return {
    message: outcome.message,
    result_code: outcome.resultCode,
    processor_reference: outcome.result === 'success' ? processorReference(ids, row.processor) : null,
    due_at: null,
  }
}

/** Webhook `error` of a failure: the M-Pesa result code and text (DECISIONS "Webhooks"). */
export function webhookError(outcome: PlannedOutcome): { code: string; message: string } {
  return { code: outcome.resultCode, message: outcome.message }
}

/** The ids of the ledger's system accounts of the transaction's organization and environment. */
export function systemAccounts(store: Store, row: TransactionRow): { external: number; fees: number } {
  return {
    external: store.accounts.resolveId(row.organization_id, row.environment, 'external'),
    fees: store.accounts.resolveId(row.organization_id, row.environment, 'fees'),
  }
}
