import { afterEach, describe, expect, it } from 'vitest'
import type { PushEvent } from '../../shared/api/push-events'
import { DEFAULT_NOTIFICATION_RULES, type Notification } from '../../shared/schemas/notifications'
import { ref, testService } from '../support/harness'

/**
 * Notifications have bounds: a burst of failed payouts is one grouped notification, and an organization
 * keeps at most 200 per environment (the oldest read ones go first). Through the console routes, in process.
 */
const consoleCtx = { trustedConsole: true, environment: 'test' as const }
let close: (() => void) | null = null
afterEach(() => close?.())

function sandbox() {
  const { service, clock } = testService()
  close = () => service.close()
  const raised: Extract<PushEvent, { type: 'notification.raised' }>[] = []
  service.onEvent((event) => {
    if (event.type === 'notification.raised') raised.push(event)
  })
  const call = (routeId: string, input: Record<string, unknown> = {}) => {
    const response = service.call(routeId, input, consoleCtx)
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300)
    return (response.body as { data: any }).data
  }
  const pay = (routeId: 'mobile.charge' | 'mobile.b2c', body: Record<string, unknown>) => call(routeId, { body: { phoneNumber: '0712345678', merchantTransactionId: ref('b'), ...body } })
  const settle = async () => {
    for (let i = 0; i < 4; i++) {
      clock.advance(2_000)
      await service.tick()
    }
  }
  const list = (): { items: Notification[]; unread: number } => call('console.notifications.list', { query: { limit: '200' } })
  return { service, raised, call, pay, settle, list }
}

describe('a burst of failed payouts', () => {
  it('is three notifications, then one grouped "N payouts failed in the last minute", announced a few times at most', async () => {
    const s = sandbox()
    for (let i = 0; i < 40; i++) s.pay('mobile.b2c', { amount: 1_000, forceStatus: 'failed' })
    await s.settle()
    await s.settle()
    const { items, unread } = s.list()
    const failed = items.filter((n) => n.kind === 'payout_failed')
    expect(failed).toHaveLength(4)
    expect(failed.filter((n) => n.title.startsWith('B2C payout failed'))).toHaveLength(3)
    const grouped = failed.find((n) => n.title.endsWith('payouts failed in the last minute'))!
    expect(grouped).toMatchObject({ title: '40 payouts failed in the last minute', link: '/transactions', read: false })
    expect(grouped.body).toMatch(/^The newest: B2C payout failed: KES 10\.00/)
    expect(unread).toBe(4)
    expect(s.raised.length).toBeLessThanOrEqual(8)

    // Read, then more fail in the same minute: the same grouped notification counts on and is unread again.
    s.call('console.notifications.readAll', {})
    for (let i = 0; i < 5; i++) s.pay('mobile.b2c', { amount: 1_000, forceStatus: 'failed' })
    await s.settle()
    const after = s.list()
    expect(after.items.filter((n) => n.kind === 'payout_failed')).toHaveLength(4)
    expect(after.items.find((n) => n.id === grouped.id)).toMatchObject({ title: '45 payouts failed in the last minute', read: false })
    expect(after.unread).toBe(1)
  })
})

describe('at most 200 per organization and environment', () => {
  it('the oldest read ones go first; unread ones stay while read ones remain', async () => {
    const s = sandbox()
    s.call('console.notificationRules.update', { body: { ...DEFAULT_NOTIFICATION_RULES, paymentReceived: { enabled: true, sound: false } } })
    for (let i = 0; i < 150; i++) s.pay('mobile.charge', { amount: 1_000, forceStatus: 'success' })
    await s.settle()
    const first = s.list()
    expect(first.items).toHaveLength(150)
    s.call('console.notifications.readAll', {})
    for (let i = 0; i < 100; i++) s.pay('mobile.charge', { amount: 2_000, forceStatus: 'success' })
    await s.settle()
    const kept = s.list()
    expect(kept.items).toHaveLength(200)
    expect(kept.unread).toBe(100)
    // The 50 that went are the oldest read ones.
    const keptIds = new Set(kept.items.map((n) => n.id))
    const oldest = [...first.items].sort((a, b) => a.id - b.id)
    expect(oldest.slice(0, 50).every((n) => !keptIds.has(n.id))).toBe(true)
    expect(oldest.slice(50).every((n) => keptIds.has(n.id))).toBe(true)
    // Past 200 unread, the oldest unread go too: the bound holds.
    for (let i = 0; i < 150; i++) s.pay('mobile.charge', { amount: 3_000, forceStatus: 'success' })
    await s.settle()
    const bounded = s.list()
    expect(bounded.items).toHaveLength(200)
    expect(bounded.unread).toBe(200)
    expect(bounded.items.every((n) => n.title === 'Payment received: KES 30.00' || n.title === 'Payment received: KES 20.00')).toBe(true)
  })
})
