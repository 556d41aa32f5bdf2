import { join } from 'node:path'

/** What every figure gets from the runner. */
export interface BenchContext {
  /** Temporary folder for databases (removed at the end). */
  scratch: string
  /** Length of each measured load run, seconds (after a short warm-up). */
  durationS: number
  /** Rows of the search database. */
  searchRows: number
  /** Charges of the end-to-end figure. */
  endToEndCharges: number
  /** Longest wait for webhooks after the last charge was accepted, ms (the run's budget also caps it). */
  endToEndWaitMs: number
  /** When set, server children write CPU profiles under this folder and the runner prints their top frames. */
  profileDir?: string
  /** performance.now() by which the whole run should be over (the 10-minute budget, with margin). */
  deadline: number
  log(message: string): void
}

export function profileDirOf(ctx: BenchContext, figure: string): string | undefined {
  return ctx.profileDir ? join(ctx.profileDir, figure) : undefined
}
