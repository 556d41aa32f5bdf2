import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_NOTIFICATION_RULES } from '../../shared/schemas/notifications'
import { NATIVE_GAP_MS, nativeNotifier, showNativeNotifications, type NativeNotificationClass, type NativePacing } from '../../electron/main/desktop-notifications'
import { testService } from '../support/harness'

/** A stand-in for Electron's Notification: records what the main process asks the operating system to show. */
function recordingNotifications(supported = true) {
  const shown: { title: string; body: string; silent?: boolean; click(): void }[] = []
  class Recording {
    private listener: () => void = () => undefined
    constructor(private readonly options: { title: string; body: string; silent?: boolean }) {}
    static isSupported() {
      return supported
    }
    on(_event: 'click', listener: () => void) {
      this.listener = listener
      return this
    }
    show() {
      shown.push({ ...this.options, click: () => this.listener() })
    }
  }
  return { shown, Notification: Recording as unknown as NativeNotificationClass }
}

/** Real time for the native notifier, moved by hand: `advance` runs the timers that came due. */
function fakePacing(): NativePacing & { advance(ms: number): void } {
  let now = 0
  let timers: { at: number; run: () => void }[] = []
  return {
    now: () => now,
    later: (run, ms) => void timers.push({ at: now + ms, run }),
    advance(ms) {
      now += ms
      const due = timers.filter((timer) => timer.at <= now)
      timers = timers.filter((timer) => timer.at > now)
      for (const timer of due) timer.run()
    },
  }
}

const consoleCtx = { trustedConsole: true, environment: 'test' as const }
let close: (() => void) | null = null
afterEach(() => close?.())

describe('native desktop notifications (electron/main glue)', () => {
  it('shows each raised notification once, with sound only when the chime is on; a click asks for the window', async () => {
    const { service, clock } = testService()
    close = () => service.close()
    const { shown, Notification } = recordingNotifications()
    const clicked: (string | null)[] = []
    const pacing = fakePacing()
    const stop = showNativeNotifications(service, Notification, (link) => clicked.push(link), undefined, pacing)
    service.call('console.notificationRules.update', { body: { ...DEFAULT_NOTIFICATION_RULES, paymentReceived: { enabled: true, sound: true } } }, consoleCtx)
    const charge = service.call('mobile.charge', { body: { phoneNumber: '0712345678', amount: 150_000, merchantTransactionId: 'native-1' } }, consoleCtx)
    const id = (charge.body as { data: { transactionId: string } }).data.transactionId
    for (let i = 0; i < 3; i++) {
      clock.advance(5_000)
      await service.tick()
    }
    expect(shown.map(({ title, body, silent }) => ({ title, body, silent }))).toEqual([
      { title: 'Payment received: KES 1,500.00', body: expect.stringMatching(/^From \+254712345678 · native-1 · receipt T/), silent: false },
    ])
    shown[0]!.click()
    expect(clicked).toEqual([`/transactions/${id}`])
    // A payout that fails raises a silent one; after stop, nothing more is shown.
    service.call('mobile.b2c', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: 'native-2', forceStatus: 'failed' } }, consoleCtx)
    for (let i = 0; i < 3; i++) {
      clock.advance(5_000)
      await service.tick()
    }
    pacing.advance(NATIVE_GAP_MS)
    expect(shown.map((n) => [n.title, n.silent])).toEqual([['Payment received: KES 1,500.00', false], ['B2C payout failed: KES 100.00', true]])
    stop()
    service.call('mobile.b2c', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: 'native-3', forceStatus: 'failed' } }, consoleCtx)
    clock.advance(5_000)
    await service.tick()
    expect(shown).toHaveLength(2)
  })

  it('shows nothing where the system has no notifications', async () => {
    const { service } = testService()
    close = () => service.close()
    const { shown, Notification } = recordingNotifications(false)
    showNativeNotifications(service, Notification, () => undefined)
    service.call('console.reconciliations.create', {
      body: { name: 'x', csv: 'Order,Amount\r\nnone,1\r\n', mapping: { reference: 'Order', amount: 'Amount' }, amountUnit: 'KES', from: '2026-11-21', to: '2026-11-21' },
    }, consoleCtx)
    expect(service.call('console.notifications.list', {}, consoleCtx).body).toMatchObject({ data: { unread: 1 } })
    expect(shown).toEqual([])
  })

  it('shows at most one every few seconds: a burst waits and is one summary at the end of the gap', () => {
    const { shown, Notification } = recordingNotifications()
    const pacing = fakePacing()
    const clicked: (string | null)[] = []
    const show = nativeNotifier(Notification, (link) => clicked.push(link), pacing)
    const raised = (id: number, sound = false) => show({
      type: 'notification.raised', environment: 'test', organizationId: 'org', sound,
      notification: { id, kind: 'payout_failed', title: `Payout ${id} failed`, body: '', createdAt: 0, read: false, link: `/transactions/t${id}`, recipientId: null },
    })
    raised(1)
    for (let id = 2; id <= 1_500; id++) raised(id)
    expect(shown.map((n) => n.title)).toEqual(['Payout 1 failed'])
    pacing.advance(NATIVE_GAP_MS - 1)
    expect(shown).toHaveLength(1)
    pacing.advance(1)
    expect(shown.map((n) => [n.title, n.body, n.silent])).toEqual([
      ['Payout 1 failed', '', true], ['1499 new notifications', 'Payout 1500 failed · Payout 1499 failed · Payout 1498 failed', true],
    ])
    shown[1]!.click()
    expect(clicked).toEqual([null])
    // One alone after the gap is itself, with its link and its sound.
    pacing.advance(NATIVE_GAP_MS)
    raised(1_501, true)
    expect(shown.slice(2).map((n) => [n.title, n.silent])).toEqual([['Payout 1501 failed', false]])
    raised(1_502)
    pacing.advance(NATIVE_GAP_MS)
    shown[3]!.click()
    expect(clicked).toEqual([null, '/transactions/t1502'])
  })
})
