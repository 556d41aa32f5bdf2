import { describe, expect, it } from 'vitest'
import { createOriginAgents, DEFAULT_ORIGIN_AGENT_LIMITS } from '../../electron/service/webhooks/origin-agents'

/** The webhook transport's agents per origin: one per origin, bounded, idle ones dropped (no sockets opened here). */
function pool(maxOrigins = 2, idleMs = 1_000) {
  let now = 0
  const agents = createOriginAgents({ ...DEFAULT_ORIGIN_AGENT_LIMITS, maxOrigins, idleMs }, () => now)
  return { agents, advance: (ms: number) => (now += ms) }
}

const url = (origin: string, path = '/hook') => new URL(`${origin}${path}`)

describe('webhook agents per origin', () => {
  it('gives every attempt to one origin the same agent, whatever the path, and another origin its own', () => {
    const { agents } = pool()
    const a1 = agents.acquire(url('http://a.test', '/one?x=1'))
    const a2 = agents.acquire(url('http://a.test', '/two'))
    const b = agents.acquire(url('https://b.test'))
    expect(a1.agent).not.toBe(false)
    expect(a2.agent).toBe(a1.agent)
    expect(b.agent).not.toBe(a1.agent)
    expect(agents.origins()).toEqual(['http://a.test', 'https://b.test'])
  })

  it('drops an agent idle for longer than the idle time, never one with an attempt in flight', () => {
    const { agents, advance } = pool(8)
    const idle = agents.acquire(url('http://idle.test'))
    idle.release()
    const busy = agents.acquire(url('http://busy.test'))
    advance(1_001)
    agents.acquire(url('http://other.test')).release()
    expect(agents.origins()).toEqual(['http://busy.test', 'http://other.test'])
    busy.release()
    busy.release() // a second release changes nothing
    advance(1_001)
    agents.acquire(url('http://other.test')).release()
    expect(agents.origins()).toEqual(['http://other.test'])
  })

  it('at the bound, a new origin takes the place of the least recently used idle agent, or gets a one-off connection', () => {
    const { agents } = pool(2)
    const a = agents.acquire(url('http://a.test'))
    const b = agents.acquire(url('http://b.test'))
    // Both busy: no room, a connection of its own that no pool keeps.
    const c = agents.acquire(url('http://c.test'))
    expect(c.agent).toBe(false)
    expect(agents.origins()).toEqual(['http://a.test', 'http://b.test'])
    b.release()
    a.release()
    agents.acquire(url('http://b.test')).release() // b is now the most recently used
    const d = agents.acquire(url('http://d.test'))
    expect(d.agent).not.toBe(false)
    expect(agents.origins()).toEqual(['http://b.test', 'http://d.test'])
  })
})
