import type { WebhooksRepo } from '../db/webhooks-repo'
import type { DispatcherLimits } from './dispatcher-limits'

/** A delivery claimed for one attempt, in one of the slots. */
export interface Claim {
  deliveryId: string
  origin: string
  /** The bookkeeping generation it was claimed in; a snapshot restore starts a new one. */
  generation: number
}

/**
 * Which deliveries are in flight, per endpoint (origin) and in all, and which endpoints may have due
 * deliveries. Claiming never reads the backlog: the slots know which origins have pending deliveries
 * (loaded once, then new rows are noticed by rowid) and, for each origin with free slots, read only the
 * few oldest due deliveries of that origin from the (origin, next_attempt_at) index.
 */
export function createDeliverySlots(webhooks: WebhooksRepo, limits: DispatcherLimits) {
  const inFlight = new Set<string>()
  /** Attempts in flight per origin. */
  const busy = new Map<string, number>()
  /**
   * Origins that have pending deliveries, each with the time before which none of its deliveries that is
   * not in flight is due (0: look now; Infinity: all of them are in flight). A hint only ever errs early
   * (which costs one indexed query), never late: every change to a pending delivery lowers it (a new row,
   * a failed attempt's retry time, an attempt that could not be made).
   */
  const known = new Map<string, number>()
  /** The newest delivery row seen, by rowid; null before the first load or while the table was empty. */
  let lastSeen: { rowid: number; id: string } | null = null
  let loaded = false
  /** Where the next claim starts among the known origins, so each gets its turn when slots are scarce. */
  let cursor = 0
  /** Bumped by reset(): attempts claimed before it are neither recorded nor counted against the slots. */
  let generation = 0

  /** Reads the set of origins with pending deliveries afresh (at start, and after a sandbox reset deleted rows). */
  function load(): void {
    known.clear()
    lastSeen = webhooks.lastDelivery() ?? null
    for (const origin of webhooks.pendingOrigins()) known.set(origin, 0)
    loaded = true
  }

  /** A delivery of `origin` may be due from `at` on. */
  function wake(origin: string, at: number): void {
    const idleUntil = known.get(origin)
    if (idleUntil === undefined || at < idleUntil) known.set(origin, at)
  }

  /**
   * Notices deliveries inserted since the last look (their origins may be new). The row seen last is read
   * again as a sentinel: rowids are reused only after the newest rows were deleted (a sandbox reset), and
   * then the sentinel is gone or has another id, so the origins are reloaded rather than missed.
   */
  function discover(): void {
    if (!loaded) return load()
    const rows = webhooks.deliveriesFromRowid(lastSeen?.rowid ?? 1)
    let from = 0
    if (lastSeen) {
      if (rows[0]?.rowid !== lastSeen.rowid || rows[0].id !== lastSeen.id) return load()
      from = 1
    }
    for (let i = from; i < rows.length; i++) wake(rows[i]!.origin, 0)
    const newest = rows[rows.length - 1]
    if (newest) lastSeen = { rowid: newest.rowid, id: newest.id }
  }

  /** Claims up to `free` due deliveries of one origin (deliveries in flight are still pending and due: read past them). */
  function claimOrigin(origin: string, now: number, taken: number, free: number, claims: Claim[]): number {
    let claimed = 0
    for (const deliveryId of webhooks.dueDeliveriesOfOrigin(origin, now, free + taken)) {
      if (claimed === free) break
      if (inFlight.has(deliveryId)) continue
      inFlight.add(deliveryId)
      claims.push({ deliveryId, origin, generation })
      claimed += 1
    }
    if (claimed < free) {
      // Every due delivery of this origin is in flight now: skip it until its next one comes due.
      const next = webhooks.nextDueOfOrigin(origin, now)
      if (next !== null) known.set(origin, next)
      else if (taken + claimed > 0) known.set(origin, Number.POSITIVE_INFINITY)
      else known.delete(origin) // no pending delivery at all
    }
    return claimed
  }

  return {
    wake,
    /**
     * Claims due deliveries for the free slots, origin by origin from the rotating cursor, oldest due first
     * within an origin. Each origin costs one index seek reading at most maxPerEndpoint rows, however large
     * its backlog. Call inside a transaction (the dispatcher's claim).
     */
    claimDue(now: number, claims: Claim[]): void {
      discover()
      if (inFlight.size >= limits.maxInFlight || known.size === 0) return
      const origins = [...known.keys()]
      const start = cursor % origins.length
      for (let i = 0; i < origins.length && inFlight.size < limits.maxInFlight; i++) {
        const origin = origins[(start + i) % origins.length]!
        if (now < known.get(origin)!) continue
        const taken = busy.get(origin) ?? 0
        const free = Math.min(limits.maxPerEndpoint - taken, limits.maxInFlight - inFlight.size)
        if (free <= 0) continue
        const claimed = claimOrigin(origin, now, taken, free, claims)
        if (claimed > 0) {
          busy.set(origin, taken + claimed)
          cursor = start + i + 1
        }
      }
    },
    /** The claim's attempt ended: its slot is free. */
    release(claim: Claim): void {
      if (claim.generation !== generation) return
      inFlight.delete(claim.deliveryId)
      const taken = (busy.get(claim.origin) ?? 1) - 1
      if (taken > 0) {
        busy.set(claim.origin, taken)
        return
      }
      busy.delete(claim.origin)
      // Its last attempt in flight ended and nothing else of it was pending.
      if (known.get(claim.origin) === Number.POSITIVE_INFINITY) known.delete(claim.origin)
    },
    /** After an attempt that could not be made: the origin rests until `until`. */
    rest(origin: string, until: number): void {
      known.set(origin, until)
    },
    /** Whether a claim is still of the current bookkeeping (no snapshot restore since). */
    current: (claim: Claim) => claim.generation === generation,
    /** Forgets everything after the database was replaced (a snapshot restore): the endpoints are read afresh. */
    reset(): void {
      generation += 1
      inFlight.clear()
      busy.clear()
      known.clear()
      lastSeen = null
      loaded = false
      cursor = 0
    },
  }
}
export type DeliverySlots = ReturnType<typeof createDeliverySlots>
