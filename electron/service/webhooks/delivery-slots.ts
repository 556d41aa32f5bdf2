import type { WebhooksRepo } from '../db/webhooks-repo'
import type { DispatcherLimits } from './dispatcher-limits'

/** A delivery claimed for one attempt, in one of the slots. */
export interface Claim {
  deliveryId: string
  origin: string
  /** The bookkeeping generation it was claimed in; a snapshot restore starts a new one. */
  generation: number
}

/** The slots' bookkeeping, in memory only (nothing is written before a send). */
interface SlotState {
  inFlight: Set<string>
  /** Attempts in flight per origin. */
  busy: Map<string, number>
  /**
   * Origins that have pending deliveries, each with the time before which none of its deliveries that is
   * not in flight is due (0: look now; Infinity: all of them are in flight). A hint only ever errs early
   * (which costs one indexed query), never late: every change to a pending delivery lowers it (a new row,
   * a failed attempt's retry time, an attempt that could not be made).
   */
  known: Map<string, number>
  /** The newest delivery row seen, by rowid; null before the first load or while the table was empty. */
  lastSeen: { rowid: number; id: string } | null
  loaded: boolean
  /** Where the next claim starts among the known origins, so each gets its turn when slots are scarce. */
  cursor: number
  /** Bumped by reset(): attempts claimed before it are neither recorded nor counted against the slots. */
  generation: number
}

const emptyState = (generation: number): SlotState => ({
  inFlight: new Set(), busy: new Map(), known: new Map(), lastSeen: null, loaded: false, cursor: 0, generation,
})

/** Reads the set of origins with pending deliveries afresh (at start, and after a sandbox reset deleted rows). */
function load(webhooks: WebhooksRepo, state: SlotState): void {
  state.known.clear()
  state.lastSeen = webhooks.lastDelivery() ?? null
  for (const origin of webhooks.pendingOrigins()) state.known.set(origin, 0)
  state.loaded = true
}

/** A delivery of `origin` may be due from `at` on. */
function wake(state: SlotState, origin: string, at: number): void {
  const idleUntil = state.known.get(origin)
  if (idleUntil === undefined || at < idleUntil) state.known.set(origin, at)
}

/**
 * Notices deliveries inserted since the last look (their origins may be new). The row seen last is read
 * again as a sentinel: rowids are reused only after the newest rows were deleted (a sandbox reset), and
 * then the sentinel is gone or has another id, so the origins are reloaded rather than missed.
 */
function discover(webhooks: WebhooksRepo, state: SlotState): void {
  if (!state.loaded) return load(webhooks, state)
  const { lastSeen } = state
  const rows = webhooks.deliveriesFromRowid(lastSeen?.rowid ?? 1)
  let from = 0
  if (lastSeen) {
    if (rows[0]?.rowid !== lastSeen.rowid || rows[0].id !== lastSeen.id) return load(webhooks, state)
    from = 1
  }
  for (let i = from; i < rows.length; i++) wake(state, rows[i]!.origin, 0)
  const newest = rows[rows.length - 1]
  if (newest) state.lastSeen = { rowid: newest.rowid, id: newest.id }
}

/** Claims up to `free` due deliveries of one origin (deliveries in flight are still pending and due: read past them). */
function claimOrigin(webhooks: WebhooksRepo, state: SlotState, origin: string, now: number, slots: { taken: number; free: number }, claims: Claim[]): number {
  const { taken, free } = slots
  let claimed = 0
  for (const deliveryId of webhooks.dueDeliveriesOfOrigin(origin, now, free + taken)) {
    if (claimed === free) break
    if (state.inFlight.has(deliveryId)) continue
    state.inFlight.add(deliveryId)
    claims.push({ deliveryId, origin, generation: state.generation })
    claimed += 1
  }
  if (claimed < free) {
    // Every due delivery of this origin is in flight now: skip it until its next one comes due.
    const next = webhooks.nextDueOfOrigin(origin, now)
    if (next !== null) state.known.set(origin, next)
    else if (taken + claimed > 0) state.known.set(origin, Number.POSITIVE_INFINITY)
    else state.known.delete(origin) // no pending delivery at all
  }
  return claimed
}

/**
 * Claims due deliveries for the free slots, origin by origin from the rotating cursor, oldest due first
 * within an origin. Each origin costs one index seek reading at most maxPerEndpoint rows, however large
 * its backlog. Call inside a transaction (the dispatcher's claim).
 */
function claimDue(webhooks: WebhooksRepo, state: SlotState, limits: DispatcherLimits, now: number, claims: Claim[]): void {
  discover(webhooks, state)
  const { inFlight, known, busy } = state
  if (inFlight.size >= limits.maxInFlight || known.size === 0) return
  const origins = [...known.keys()]
  const start = state.cursor % origins.length
  for (let i = 0; i < origins.length && inFlight.size < limits.maxInFlight; i++) {
    const origin = origins[(start + i) % origins.length]!
    if (now < known.get(origin)!) continue
    const taken = busy.get(origin) ?? 0
    const free = Math.min(limits.maxPerEndpoint - taken, limits.maxInFlight - inFlight.size)
    if (free <= 0) continue
    const claimed = claimOrigin(webhooks, state, origin, now, { taken, free }, claims)
    if (claimed > 0) {
      busy.set(origin, taken + claimed)
      state.cursor = start + i + 1
    }
  }
}

/** The claim's attempt ended: its slot is free. */
function release(state: SlotState, claim: Claim): void {
  if (claim.generation !== state.generation) return
  state.inFlight.delete(claim.deliveryId)
  const taken = (state.busy.get(claim.origin) ?? 1) - 1
  if (taken > 0) {
    state.busy.set(claim.origin, taken)
    return
  }
  state.busy.delete(claim.origin)
  // Its last attempt in flight ended and nothing else of it was pending.
  if (state.known.get(claim.origin) === Number.POSITIVE_INFINITY) state.known.delete(claim.origin)
}

/**
 * Which deliveries are in flight, per endpoint (origin) and in all, and which endpoints may have due
 * deliveries. Claiming never reads the backlog: the slots know which origins have pending deliveries
 * (loaded once, then new rows are noticed by rowid) and, for each origin with free slots, read only the
 * few oldest due deliveries of that origin from the (origin, next_attempt_at) index.
 */
export function createDeliverySlots(webhooks: WebhooksRepo, limits: DispatcherLimits) {
  let state = emptyState(0)
  return {
    wake: (origin: string, at: number) => wake(state, origin, at),
    claimDue: (now: number, claims: Claim[]) => claimDue(webhooks, state, limits, now, claims),
    release: (claim: Claim) => release(state, claim),
    /** After an attempt that could not be made: the origin rests until `until`. */
    rest(origin: string, until: number): void {
      state.known.set(origin, until)
    },
    /** Whether a claim is still of the current bookkeeping (no snapshot restore since). */
    current: (claim: Claim) => claim.generation === state.generation,
    /** Forgets everything after the database was replaced (a snapshot restore): the endpoints are read afresh. */
    reset(): void {
      state = emptyState(state.generation + 1)
    },
  }
}
export type DeliverySlots = ReturnType<typeof createDeliverySlots>
