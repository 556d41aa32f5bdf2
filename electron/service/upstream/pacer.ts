/**
 * One pacer per provider account: every call waits its turn here, so everything that uses the account
 * (money, the mirror's sync, name checks and balances) stays under the provider's rate limit together.
 * A token bucket at 90 % of the limit (short bursts of five seconds' worth), shared by three classes in
 * shares of 70 / 20 / 10: the class furthest below its share goes next, money first on a tie, and a class
 * with nothing waiting lends its share to the others. A pause (429's Retry-After) stops every class.
 */
export type PriorityClass = 'money' | 'sync' | 'other'
export const PRIORITY_CLASSES: readonly PriorityClass[] = ['money', 'sync', 'other']
const SHARES: Record<PriorityClass, number> = { money: 0.7, sync: 0.2, other: 0.1 }

export interface PacerOptions {
  perMinute: number
  now: () => number
  /** Waits (real time unless a test gives its own). */
  sleep: (ms: number) => Promise<void>
}

interface Waiter {
  resolve: () => void
  reject: (error: Error) => void
}

export class PacerClosedError extends Error {}

/** The waiting calls of each class, and which goes next: the class furthest below its share (money first on a tie). */
function classQueues() {
  const queues: Record<PriorityClass, Waiter[]> = { money: [], sync: [], other: [] }
  const served: Record<PriorityClass, number> = { money: 0, sync: 0, other: 0 }
  const waiting = () => PRIORITY_CLASSES.some((cls) => queues[cls].length > 0)
  return {
    waiting,
    push: (cls: PriorityClass, waiter: Waiter) => void queues[cls].push(waiter),
    next(): Waiter {
      let best: PriorityClass | undefined
      for (const cls of PRIORITY_CLASSES) {
        if (queues[cls].length === 0) continue
        if (best === undefined || served[cls] / SHARES[cls] < served[best] / SHARES[best]) best = cls
      }
      served[best!] += 1
      const waiter = queues[best!].shift()!
      // Shares are counted while there is a queue; an idle pacer starts even again.
      if (!waiting()) for (const cls of PRIORITY_CLASSES) served[cls] = 0
      return waiter
    },
    rejectAll(error: Error) {
      for (const cls of PRIORITY_CLASSES) for (const waiter of queues[cls].splice(0)) waiter.reject(error)
    },
  }
}

export function createPacer({ perMinute, now, sleep }: PacerOptions) {
  const ratePerMs = (perMinute * 0.9) / 60_000
  const capacity = Math.max(1, Math.floor((perMinute * 0.9) / 12))
  let tokens = capacity
  let lastRefill = now()
  let pausedUntil = 0
  let running = false
  let closed = false
  const queues = classQueues()
  const sent: number[] = []

  const refill = (t: number) => {
    tokens = Math.min(capacity, tokens + Math.max(0, t - lastRefill) * ratePerMs)
    lastRefill = t
  }
  const usedLastMinute = () => {
    const since = now() - 60_000
    while (sent.length > 0 && sent[0]! <= since) sent.shift()
    return sent.length
  }

  async function run(): Promise<void> {
    if (running) return
    running = true
    try {
      while (queues.waiting() && !closed) {
        const t = now()
        if (pausedUntil > t) {
          await sleep(pausedUntil - t)
          continue
        }
        refill(t)
        if (tokens < 1) {
          await sleep(Math.max(1, Math.ceil((1 - tokens) / ratePerMs)))
          continue
        }
        tokens -= 1
        sent.push(t)
        queues.next().resolve()
      }
    } finally {
      running = false
    }
  }

  return {
    /** Resolves when a call of this class may be sent; rejects with PacerClosedError once closed. */
    acquire(cls: PriorityClass): Promise<void> {
      if (closed) return Promise.reject(new PacerClosedError('the provider connection is closed'))
      const turn = new Promise<void>((resolve, reject) => queues.push(cls, { resolve, reject }))
      void run()
      return turn
    },
    /** Nothing is sent before `until` (ms on the pacer's clock). */
    pauseUntil(until: number): void {
      pausedUntil = Math.max(pausedUntil, until)
    },
    pausedUntil: (): number | null => (pausedUntil > now() ? pausedUntil : null),
    usedLastMinute,
    perMinute,
    close(): void {
      closed = true
      queues.rejectAll(new PacerClosedError('the provider connection is closed'))
    },
  }
}
export type Pacer = ReturnType<typeof createPacer>
