export interface DispatcherLimits {
  /** Attempts in flight at once, all endpoints together. */
  maxInFlight: number
  /** Attempts in flight at once to one endpoint (scheme, host and port), so a slow one cannot take every slot. */
  maxPerEndpoint: number
}

/**
 * Sized for a local sandbox. 8 per endpoint (about what a browser opens to one host) lets a local receiver
 * answering in a millisecond or two take hundreds to thousands of webhooks a second, while an endpoint that
 * hangs holds at most 8 sockets for at most one timeout each. 32 in all leaves 24 slots to the other endpoints
 * when a hanging one takes its 8, and keeps sockets and buffers small: signing and recording are CPU work in
 * this one process, so more attempts in parallel would not deliver faster on a two-core laptop.
 */
export const DEFAULT_LIMITS: DispatcherLimits = { maxInFlight: 32, maxPerEndpoint: 8 }
