import type { PartialOperationTable } from './types'

/** Operations of the console simulator routes (shared/api/routes/console-simulator.ts). */
export const CONSOLE_SIMULATOR_OPERATIONS: PartialOperationTable<never> = {}
