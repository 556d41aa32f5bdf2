/**
 * Token bucket per key: `perMinute` requests a minute, refilled continuously, bursts up to `perMinute`.
 * 0 turns it off. Time is injected so tests do not sleep.
 */
export function createRateLimiter(perMinute: number, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>()
  const ratePerMs = perMinute / 60_000
  return {
    /** Takes one token; returns 0 when allowed, else the seconds to wait. */
    take(key: string): number {
      if (perMinute <= 0) return 0
      const t = now()
      const bucket = buckets.get(key) ?? { tokens: perMinute, at: t }
      bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.at) * ratePerMs)
      bucket.at = t
      buckets.set(key, bucket)
      if (buckets.size > 10_000) buckets.delete(buckets.keys().next().value!)
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return 0
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000))
    },
  }
}
