import type { PartialOperationTable } from './types'

/** Operations of the console transactions routes (shared/api/routes/console-transactions.ts). */
export const CONSOLE_TRANSACTIONS_OPERATIONS: PartialOperationTable<never> = {}
