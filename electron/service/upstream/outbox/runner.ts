import type { UnitRunner } from '../../core/unit'
import type { OutboxRecord } from '../../db/upstream-outbox-repo'
import type { OutboxScope } from './enqueue'
import { createOutboxSender, type OutboxSender, type ProviderPort } from './sender'

export interface OutboxRunnerOptions {
  runner: UnitRunner
  scope: OutboxScope
  provider: ProviderPort
  /** The real clock: how long the provider has had. */
  now: () => number
  /** The client's timeout: an unclear outcome is looked up this long + 5 s later. */
  timeoutMs: number
  onNeedsReview?: (row: OutboxRecord) => void
  /** Whether anything may be sent now (an operate connection waiting for its approval sends nothing); default yes. */
  maySend?: () => boolean
}

/**
 * The outbox of a connected run, on the hosts' tick: at start, rows a stopped process left `sent` become
 * unknown (settled before anything new leaves); each tick works what is due, one pump at a time.
 */
export function createOutboxRunner(options: OutboxRunnerOptions) {
  const sender: OutboxSender = createOutboxSender({
    runner: options.runner, scope: options.scope, provider: options.provider, now: options.now,
    graceMs: options.timeoutMs + 5_000, onNeedsReview: options.onNeedsReview,
  })
  sender.recover()
  let running: Promise<void> | null = null
  let closed = false
  let lastError: string | null = null
  return {
    sender,
    tick(): void {
      if (closed || running) return
      const next = sender.nextDueAt()
      if (next === null || next > options.now()) return
      if (options.maySend && !options.maySend()) return
      running = sender.pump()
        .then(() => void (lastError = null), (error: unknown) => void (lastError = error instanceof Error ? error.message : String(error)))
        .finally(() => void (running = null))
    },
    /** Resolves when the pump in progress (if any) is done. */
    idle: (): Promise<void> => running ?? Promise.resolve(),
    lastError: () => lastError,
    close(): void {
      closed = true
    },
  }
}
export type OutboxRunner = ReturnType<typeof createOutboxRunner>
