/**
 * How the hosts (CLI, desktop) drive `tick()`: often, with a small simulator budget, so a backlog of due
 * transactions is worked off at up to half the event loop (10 ms of its own work per 20 ms) while HTTP and
 * IPC requests keep coming in, and at the thread's pace once none has for QUIET_MS (simulator/index.ts,
 * overtime). The budget is spent in slices (`tickSliceMs` of createService), each one batch, and requests
 * that came in during a slice run before the next one, so a request waits at most the slice under way.
 * Under a steady load of requests the simulator gets about a slice per request batch.
 */
export const HOST_TICK = { intervalMs: 20, simulatorBudgetMs: 10, simulatorSliceMs: 3 } as const

/** How long stop() waits for ticks in flight (a webhook endpoint may hang) before the host closes anyway. */
export const TICK_SHUTDOWN_GRACE_MS = 2_000

export interface Ticker {
  /** Stops the timer, then waits for ticks in flight, at most TICK_SHUTDOWN_GRACE_MS. */
  stop(): Promise<void>
}

/**
 * The one tick loop of every host (`paydesk serve`, `paydesk scenario run`, the desktop main process).
 * Ticks may overlap on purpose: the simulator step is synchronous and the webhook dispatcher never sends a
 * delivery twice, so an endpoint that hangs for 10 s must not hold back settlement of everything else.
 */
/** What a ticker drives: the service, or anything else that moves due work forward. */
export interface Tickable {
  tick(): Promise<void>
}

export function startTicker(service: Tickable, options: { intervalMs?: number; graceMs?: number } = {}): Ticker {
  const running = new Set<Promise<void>>()
  const timer = setInterval(() => {
    const tick = service.tick().catch((error: unknown) => console.error('[paydesk] tick failed:', error))
    running.add(tick)
    void tick.finally(() => running.delete(tick))
  }, options.intervalMs ?? HOST_TICK.intervalMs)
  return {
    async stop() {
      clearInterval(timer)
      if (running.size === 0) return
      // Never let a hanging webhook endpoint hold up stopping: an unfinished delivery stays in the outbox
      // and is retried at the next start.
      let grace: NodeJS.Timeout | undefined
      await Promise.race([Promise.all(running), new Promise((done) => (grace = setTimeout(done, options.graceMs ?? TICK_SHUTDOWN_GRACE_MS)))])
      clearTimeout(grace)
    },
  }
}
