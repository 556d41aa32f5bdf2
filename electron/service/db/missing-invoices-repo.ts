import type { Db } from './connection'
import { TAX_INVOICE_SQL } from './statement-repo'

/** A completed payment without metadata.taxInvoiceNumber. */
export interface MissingInvoiceRow {
  public_id: string
  type: 'charge' | 'transfer' | 'payment' | 'bank_withdrawal' | 'reversal'
  status: string
  created_at: number
  amount: number
  merchant_transaction_id: string | null
  processor_reference: string | null
  phone_number: string | null
  narration: string | null
}

const PAYMENTS = `type IN ('charge', 'transfer', 'payment', 'bank_withdrawal', 'reversal') AND status IN ('completed', 'settled')`
const SCOPE = 'organization_id = @organizationId AND environment = @environment AND created_at BETWEEN @fromMs AND @toMs'

/**
 * The payments a bookkeeper must hold a tax invoice for: completed charges, payouts and reversals created in
 * a range, with and without metadata.taxInvoiceNumber. Seeks transactions_list (organization, environment, time).
 */
export function createMissingInvoicesRepo(db: Db) {
  const totals = db.prepare<Record<string, unknown>, { type: MissingInvoiceRow['type']; invoiced: number; n: number; total: number }>(
    `SELECT type, ${TAX_INVOICE_SQL('transactions')} IS NOT NULL AS invoiced, COUNT(*) AS n, SUM(amount) AS total
       FROM transactions WHERE ${SCOPE} AND ${PAYMENTS} GROUP BY type, invoiced`,
  )
  const missing = db.prepare<Record<string, unknown>, MissingInvoiceRow>(
    `SELECT public_id, type, status, created_at, amount, merchant_transaction_id, processor_reference, phone_number, narration
       FROM transactions WHERE ${SCOPE} AND ${PAYMENTS} AND ${TAX_INVOICE_SQL('transactions')} IS NULL
      ORDER BY created_at DESC, id DESC LIMIT @limit`,
  )
  return {
    totals(scope: { organizationId: string; environment: string; fromMs: number; toMs: number }) {
      return totals.all(scope)
    },
    missing(scope: { organizationId: string; environment: string; fromMs: number; toMs: number }, limit: number): MissingInvoiceRow[] {
      return missing.all({ ...scope, limit })
    },
  }
}
export type MissingInvoicesRepo = ReturnType<typeof createMissingInvoicesRepo>
