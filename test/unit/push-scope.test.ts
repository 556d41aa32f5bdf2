import { describe, expect, it } from 'vitest'
import type { PushEvent } from '../../shared/api/push-events'
import { mayReceive } from '../../electron/service/pipeline/push-scope'

// A push event goes only where the API would answer its content: the reading route's permission for the
// subscriber's role, and a personal notification to its recipient alone.

function raised(recipientId: string | null): PushEvent {
  return {
    type: 'notification.raised', environment: 'test', organizationId: 'org_1', sound: false,
    notification: { id: 1, kind: 'approval_decided', title: 't', body: 'b', createdAt: 0, read: false, link: null, recipientId },
  }
}
const logged: PushEvent = { type: 'requests.logged', environment: 'live' }

describe('mayReceive', () => {
  it('sends a personal notification to its recipient alone, a shared one to every role', () => {
    expect(mayReceive(raised('usr_a'), { id: 'usr_a', role: 'viewer' })).toBe(true)
    expect(mayReceive(raised('usr_a'), { id: 'usr_b', role: 'owner' })).toBe(false)
    expect(mayReceive(raised('usr_a'), { id: 'automation', role: 'owner' })).toBe(false)
    expect(mayReceive(raised('local'), { id: 'local', role: 'owner' })).toBe(true)
    expect(mayReceive(raised(null), { id: 'usr_b', role: 'viewer' })).toBe(true)
  })

  it('needs the reading route\'s permission: the request log only for roles holding requests.read', () => {
    expect(mayReceive(logged, { id: 'usr_d', role: 'developer' })).toBe(true)
    expect(mayReceive(logged, { id: 'usr_m', role: 'maker' })).toBe(false)
    expect(mayReceive(logged, { id: 'usr_v', role: 'viewer' })).toBe(false)
    expect(mayReceive({ type: 'balance.changed', environment: 'live', accountNo: '1' }, { id: 'usr_v', role: 'viewer' })).toBe(true)
  })

  it('never sends to an API key', () => {
    expect(mayReceive(raised(null), { id: 'key_1', role: 'api-key' })).toBe(false)
  })
})
