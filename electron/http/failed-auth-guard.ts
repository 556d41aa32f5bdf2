import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { createFailureBudget, type CallNotes } from '../service'

/**
 * Guessing is slowed: each client address has a budget of failed authentications (a console token, an API
 * key or a session token refused), and so do all addresses together, since a local program can send from any
 * address of 127.0.0.0/8 and each would get a budget of its own. While a budget is spent, requests get 429
 * with Retry-After before the engine sees them, unless their credential already authenticated here: the
 * right credential keeps working, from another address and from the same one, and a guess is never
 * checked. A request presenting no credential spends nothing (a "no key gives 401" test is no guess); wrong
 * passwords at sign-in are the sign-in guard's to count (team/sign-in-guard.ts, the same failure budget).
 */
export interface FailedAuthLimits {
  perAddress: { burst: number; perMinute: number }
  allAddresses: { burst: number; perMinute: number }
}

/** 30 failures from one address, then one every 6 s; ten times that from all addresses together. */
export const FAILED_AUTH_DEFAULTS: FailedAuthLimits = {
  perAddress: { burst: 30, perMinute: 10 },
  allAddresses: { burst: 300, perMinute: 100 },
}

/** Credentials remembered as having authenticated (their digests), the least recently used forgotten first. */
const KNOWN_CREDENTIALS = 1_000
const ALL = '*'

/** The client's address as the budgets key it (an IPv4 client of a dual-stack socket without its `::ffff:`). */
export function clientAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? 'unknown'
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address
}

const digestOf = (credential: string) => createHash('sha256').update(credential).digest('hex')

export function createFailedAuthGuard(limits: FailedAuthLimits, now: () => number = Date.now) {
  const perAddress = createFailureBudget({ ...limits.perAddress, now })
  const all = createFailureBudget({ ...limits.allAddresses, now, maxKeys: 1 })
  /** Digests in least-recently-used order (a Map keeps insertion order: re-inserting moves one last). */
  const known = new Map<string, true>()
  const remember = (digest: string) => {
    known.delete(digest)
    known.set(digest, true)
    if (known.size > KNOWN_CREDENTIALS) known.delete(known.keys().next().value!)
  }

  return {
    /** Seconds this request must wait (0: let it through to the engine). */
    refusal(address: string, credential: string | undefined): number {
      const wait = Math.max(perAddress.retryAfterSeconds(address), all.retryAfterSeconds(ALL))
      if (wait === 0 || credential === undefined) return wait
      const digest = digestOf(credential)
      if (!known.has(digest)) return wait
      remember(digest)
      return 0
    },
    /**
     * What the engine made of the request's credential (`CallNotes.credential`): a refused one spends a
     * failure, unless it authenticated here before (a session that ended, a key revoked: no guess, and
     * trying it again teaches nothing); an accepted one is remembered.
     */
    settle(address: string, credential: string | undefined, outcome: CallNotes['credential']): void {
      if (credential === undefined || outcome === undefined) return
      const digest = digestOf(credential)
      if (outcome === 'accepted' || known.has(digest)) return remember(digest)
      perAddress.fail(address)
      all.fail(ALL)
    },
  }
}
export type FailedAuthGuard = ReturnType<typeof createFailedAuthGuard>
