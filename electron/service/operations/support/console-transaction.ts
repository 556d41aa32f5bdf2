import type { ConsoleTransaction } from '../../../../shared/schemas/console-transactions'
import type { TransactionRow } from '../../db/rows'
import type { OperationContext } from '../types'
import { toReversalLink, toTransaction } from '../../views/transaction'

/**
 * A transaction as the console's own lists show it: spec 2.1 plus, for a charge, its latest reversal (the
 * charge row names it in `related_id`; one primary-key read).
 */
export function toConsoleTransaction(ctx: OperationContext, row: TransactionRow): ConsoleTransaction {
  const reversal = row.type === 'charge' && row.related_id !== null ? ctx.store.transactions.get(row.related_id) : undefined
  return { ...toTransaction(row), reversal: reversal ? toReversalLink(reversal) : null }
}
