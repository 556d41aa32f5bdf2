import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_NOTIFICATION_RULES } from '../../shared/schemas/notifications'
import { showNativeNotifications, type NativeNotificationClass } from '../../electron/main/desktop-notifications'
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

const consoleCtx = { trustedConsole: true, environment: 'test' as const }
let close: (() => void) | null = null
afterEach(() => close?.())

describe('native desktop notifications (electron/main glue)', () => {
  it('shows each raised notification once, with sound only when the chime is on; a click asks for the window', async () => {
    const { service, clock } = testService()
    close = () => service.close()
    const { shown, Notification } = recordingNotifications()
    const clicked: (string | null)[] = []
    const stop = showNativeNotifications(service, Notification, (link) => clicked.push(link))
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
})
