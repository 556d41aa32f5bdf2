import type { PartialOperationTable } from './types'

/** Operations of the console webhooks routes (shared/api/routes/console-webhooks.ts). */
export const CONSOLE_WEBHOOKS_OPERATIONS: PartialOperationTable<never> = {}
