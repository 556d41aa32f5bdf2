import type { Engine } from '../core/engine'
import { attempt, readyToSend, type AttemptDeps, type ReadClaim } from './attempt'
import { createDeliverySlots } from './delivery-slots'
import { DEFAULT_LIMITS, type DispatcherLimits } from './dispatcher-limits'
import { createHttpTransport } from './http-transport'
import type { WebhookTransport } from './transport'

export { DELIVERY_TIMEOUT_MS } from './attempt'
export { DEFAULT_LIMITS, type DispatcherLimits } from './dispatcher-limits'

/** The attempts one tick started, refills chained from them included; the tick resolves when none is left. */
interface Group {
  live: number
  done: () => void
}

/**
 * Claims due deliveries for the free slots and reads each one's row, in one transaction: SQLite takes its
 * WAL read lock once for all of them instead of once per statement, and the remembered reads
 * (db/cache/table-watch.ts) answer inside it. Never throws: what was claimed before an error is returned
 * (and attempted).
 */
function claimReady(deps: AttemptDeps): ReadClaim[] {
  const { engine, slots, signal } = deps
  const claims: ReadClaim[] = []
  if (signal.aborted) return claims
  try {
    engine.store.transaction(() => {
      slots.claimDue(engine.now(), claims)
      for (const claimed of claims) {
        try {
          claimed.ready = { ok: true, value: readyToSend(deps, claimed) }
        } catch (error) {
          claimed.ready = { ok: false, error }
        }
      }
    })
  } catch (error) {
    console.error('[paydesk] could not read due webhook deliveries:', error)
  }
  return claims
}

/**
 * Sends due webhook deliveries (outbox rows), signs them, records attempts and schedules retries.
 *
 * Nothing is written before a send: the in-memory in-flight set (delivery-slots.ts) is what stops
 * overlapping ticks and refills from sending one delivery twice at once. After a crash mid-attempt the
 * delivery is still `pending` and due, so it is simply sent again (at least once). Each attempt's result
 * is recorded in its own unit after the HTTP exchange, never around it (attempt.ts). A slot freed by a
 * finished attempt is refilled at once, so a healthy endpoint is kept busy between ticks.
 */
export function createWebhookDispatcher(engine: Engine, transport: WebhookTransport = createHttpTransport(), limits: DispatcherLimits = DEFAULT_LIMITS) {
  const closing = new AbortController()
  const deps: AttemptDeps = {
    engine, transport, slots: createDeliverySlots(engine.store.webhooks, limits), signal: closing.signal, attempting: new Set(),
  }

  const claim = () => claimReady(deps)

  function spawn(first: ReadClaim, group: Group): void {
    group.live += 1
    void work(first, group).finally(() => {
      group.live -= 1
      if (group.live === 0) group.done()
    })
  }

  /** Holds one slot: attempts its delivery, then refills the slot at once (and any other free one). */
  async function work(first: ReadClaim, group: Group): Promise<void> {
    let next: ReadClaim | undefined = first
    while (next) {
      await attempt(deps, next)
      const claims = claim()
      next = claims.shift()
      for (const other of claims) spawn(other, group)
    }
  }

  return {
    /**
     * Starts the deliveries due now that fit in the free slots and resolves when those attempts, and the
     * attempts chained from them as slots freed up, have finished: when it resolves, everything that was
     * due when it started has been attempted (a failed attempt's retry is due later). Ticks may overlap
     * (the hosts overlap them on purpose): a delivery in flight is never claimed again, and a tick that
     * finds every slot busy resolves at once. Live attempts are at most maxInFlight, so however long a
     * busy endpoint keeps its slots refilled, pending ticks stay few.
     */
    tick(): Promise<void> {
      const claims = claim()
      if (claims.length === 0) return Promise.resolve()
      return new Promise<void>((done) => {
        const group: Group = { live: 0, done }
        for (const first of claims) spawn(first, group)
      })
    },
    /**
     * Forgets all in-memory bookkeeping after the database was replaced (a snapshot restore): attempts in
     * flight finish unrecorded (the restored rows say what is pending), and the endpoints are read afresh.
     */
    reset: () => deps.slots.reset(),
    /** Cancels attempts in flight without recording them; they stay due and are retried on the next start. */
    close(): void {
      closing.abort()
      for (const cancel of deps.attempting) cancel.abort()
    },
  }
}
export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>
