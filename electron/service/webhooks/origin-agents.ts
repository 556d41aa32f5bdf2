import http from 'node:http'
import https from 'node:https'

/**
 * Keep-alive connections for webhook attempts, one bounded agent per origin (scheme, host, port), so a
 * busy endpoint is not paid a TCP (and TLS) handshake per delivery, while one endpoint's connections are
 * never handed to another.
 *
 * What may go back into a pool is the transport's decision: only a socket whose answer was read to its
 * end. Anything else (a timeout, a body larger than the prefix we keep, a reset) destroys the socket.
 */
export interface OriginAgentLimits {
  /** Origins with an agent at once; beyond it the least recently used idle agent is closed. */
  maxOrigins: number
  /**
   * Connections per origin at once. Above the dispatcher's attempts per origin (DEFAULT_LIMITS.maxPerEndpoint),
   * so an attempt never waits in the agent's queue, where its timeout would run without the endpoint's fault.
   */
  maxSocketsPerOrigin: number
  /** Idle connections kept per origin. */
  maxFreeSocketsPerOrigin: number
  /**
   * An idle connection is closed after this long, and an agent with nothing in flight is dropped. Below the
   * usual servers' keep-alive timeouts (Node 5 s, nginx 75 s), so we close first: reusing a connection the
   * endpoint is closing at that moment would fail the attempt (it is then retried as a new attempt, never
   * resent within one). A shorter `Keep-Alive: timeout=N` from the endpoint lowers it (Node's agent reads it).
   */
  idleMs: number
}

export const DEFAULT_ORIGIN_AGENT_LIMITS: OriginAgentLimits = { maxOrigins: 64, maxSocketsPerOrigin: 32, maxFreeSocketsPerOrigin: 8, idleMs: 4_000 }

export interface AgentLease {
  /** false: a one-off connection (every agent is busy and there are already maxOrigins of them). */
  agent: http.Agent | false
  /** Call once when the attempt is over, whatever its outcome. */
  release(): void
}

interface Entry {
  agent: http.Agent
  inFlight: number
  lastUsed: number
}

export interface OriginAgents {
  acquire(url: URL): AgentLease
  /** Origins that hold an agent now (for tests). */
  origins(): string[]
}

export function createOriginAgents(limits: OriginAgentLimits = DEFAULT_ORIGIN_AGENT_LIMITS, now: () => number = () => performance.now()): OriginAgents {
  /** In order of last use, oldest first (a Map keeps insertion order; use moves an entry to the end). */
  const entries = new Map<string, Entry>()

  const drop = (origin: string, entry: Entry) => {
    entries.delete(origin)
    entry.agent.destroy()
  }

  /** Drops agents idle longer than idleMs: their connections have closed by then. */
  const dropIdle = () => {
    const cutoff = now() - limits.idleMs
    for (const [origin, entry] of entries) if (entry.inFlight === 0 && entry.lastUsed <= cutoff) drop(origin, entry)
  }

  /**
   * Before a new origin's agent: while there are maxOrigins agents, drops the least recently used idle one.
   * An agent with an attempt in flight is never dropped (that would destroy the attempt's socket).
   */
  const makeRoom = () => {
    for (const [origin, entry] of entries) {
      if (entries.size < limits.maxOrigins) return
      if (entry.inFlight === 0) drop(origin, entry)
    }
  }

  const create = (url: URL): http.Agent => {
    const options: http.AgentOptions = {
      keepAlive: true, maxSockets: limits.maxSocketsPerOrigin, maxFreeSockets: limits.maxFreeSocketsPerOrigin,
      // The agent applies it to idle sockets only (it destroys a free socket that times out); the transport
      // keeps its own deadline for attempts in flight.
      timeout: limits.idleMs, scheduling: 'lifo',
    }
    return url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options)
  }

  return {
    acquire(url) {
      const origin = url.origin
      dropIdle() // at most maxOrigins entries: cheap on every attempt
      let entry = entries.get(origin)
      if (entry) entries.delete(origin) // re-inserted below, as the most recently used
      else {
        makeRoom()
        if (entries.size >= limits.maxOrigins) return { agent: false, release: () => {} }
        entry = { agent: create(url), inFlight: 0, lastUsed: now() }
      }
      entries.set(origin, entry)
      const leased = entry
      leased.inFlight++
      let released = false
      return {
        agent: leased.agent,
        release() {
          if (released) return
          released = true
          leased.inFlight--
          leased.lastUsed = now()
        },
      }
    },
    origins: () => [...entries.keys()],
  }
}
