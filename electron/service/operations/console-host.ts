import type { PartialOperationTable } from './types'

/** Operations of the console host routes (shared/api/routes/console-host.ts). */
export const CONSOLE_HOST_OPERATIONS: PartialOperationTable<never> = {}
