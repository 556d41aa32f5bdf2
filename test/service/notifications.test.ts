import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PushEvent } from '../../shared/api/push-events'
import { DEFAULT_NOTIFICATION_RULES, type Notification, type NotificationRules } from '../../shared/schemas/notifications'
import type { WebhookTransport } from '../../electron/service'
import { ref, testService } from '../support/harness'

// Every notification rule through the console routes: raised once, only after the change committed, never
// for a unit that rolled back. The engine runs in process with a fake clock and a scripted webhook transport.
const consoleCtx = { trustedConsole: true, environment: 'test' as const }

function sandbox(transport?: WebhookTransport) {
  const { service, clock } = testService({ webhookTransport: transport ?? (async () => ({ status: 200, bodyPrefix: '' })) })
  const raised: Extract<PushEvent, { type: 'notification.raised' }>[] = []
  service.onEvent((event) => {
    if (event.type === 'notification.raised') raised.push(event)
  })
  const call = (routeId: string, input: Record<string, unknown> = {}) => {
    const response = service.call(routeId, input, consoleCtx)
    if (response.status >= 300) throw new Error(`${routeId} answered ${response.status}: ${JSON.stringify(response.body)}`)
    return (response.body as { data: any }).data
  }
  const rules = (change: Partial<NotificationRules>) => call('console.notificationRules.update', { body: { ...DEFAULT_NOTIFICATION_RULES, ...change } })
  const notifications = (): { items: Notification[]; unread: number } => call('console.notifications.list')
  const pay = (path: 'mobile.charge' | 'mobile.b2c', body: Record<string, unknown>) => {
    const response = service.call(path, { body: { phoneNumber: '0712345678', merchantTransactionId: ref('n'), ...body } }, consoleCtx)
    expect(response.status).toBe(202)
    return (response.body as { data: { transactionId: string } }).data.transactionId
  }
  const settle = async () => {
    for (let i = 0; i < 4; i++) {
      clock.advance(5_000)
      await service.tick()
    }
  }
  return { service, clock, raised, call, rules, notifications, pay, settle }
}

let open: { service: { close(): void } }[] = []
afterEach(() => {
  for (const { service } of open) service.close()
  open = []
})
const make = (transport?: WebhookTransport) => {
  const made = sandbox(transport)
  open.push(made)
  return made
}

describe('GET/PUT /console/notification-rules', () => {
  it('answers the defaults, then what was saved; refuses a threshold on an account that is not ours', () => {
    const s = make()
    expect(s.call('console.notificationRules.get')).toEqual(DEFAULT_NOTIFICATION_RULES)
    const payouts = (s.call('console.floatDesk.get') as { accounts: { accountNo: string }[] }).accounts[0]!.accountNo
    const saved = s.rules({ paymentReceived: { enabled: true, sound: true }, lowFloat: [{ accountNo: payouts, below: 1_000_000 }] })
    expect(s.call('console.notificationRules.get')).toEqual(saved)
    const refused = s.service.call('console.notificationRules.update', { body: { ...DEFAULT_NOTIFICATION_RULES, lowFloat: [{ accountNo: '999', below: 1 }] } }, consoleCtx)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: { param: 'lowFloat.0.accountNo' } })
    // Per environment: live still has the defaults.
    expect(s.service.call('console.notificationRules.get', {}, { ...consoleCtx, environment: 'live' }).body).toMatchObject({ data: DEFAULT_NOTIFICATION_RULES })
  })
})

describe('payment_received', () => {
  it('is raised once per completed charge when enabled (with the sound option), never while disabled', async () => {
    const s = make()
    s.pay('mobile.charge', { amount: 150_000 })
    await s.settle()
    expect(s.notifications().items).toEqual([])
    s.rules({ paymentReceived: { enabled: true, sound: true } })
    const id = s.pay('mobile.charge', { amount: 250_000 })
    await s.settle()
    await s.settle()
    const { items, unread } = s.notifications()
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ kind: 'payment_received', title: 'Payment received: KES 2,500.00', link: `/transactions/${id}`, read: false })
    expect(unread).toBe(1)
    expect(s.raised).toHaveLength(1)
    expect(s.raised[0]).toMatchObject({ environment: 'test', sound: true, notification: items[0] })
  })
})

describe('payout_failed', () => {
  it('a failed B2C payout, a refused one and a failed bank transfer each raise one; successful payouts none', async () => {
    const s = make()
    const failed = s.pay('mobile.b2c', { amount: 10_000, forceStatus: 'failed' })
    // The float (KES 500,000) takes three of these; the fourth is refused at creation.
    for (let i = 0; i < 3; i++) s.pay('mobile.b2c', { amount: 15_000_000 })
    const refused = s.pay('mobile.b2c', { amount: 15_000_000 })
    const payouts = (s.call('console.floatDesk.get') as { accounts: { accountNo: string }[] }).accounts[1]!.accountNo
    const bank = s.service.call('bank.transfer', {
      body: {
        merchantTransactionId: ref('bank'), senderAccountNo: payouts, senderAddress: '1 Moi Avenue', beneficiaryBankCode: '01', beneficiaryBankName: 'KCB',
        beneficiaryAccountId: '1234567890', beneficiaryAccountCcy: 'KES', beneficiaryName: 'Jane Wanjiku', amount: 50_000, narration: 'Rent',
        paymentChannel: 'INSTANTBANK', forceStatus: 'failed',
      },
    }, consoleCtx)
    expect(bank.status).toBe(202)
    const bankId = (bank.body as { data: { transactionId: string } }).data.transactionId
    await s.settle()
    await s.settle()
    const items = s.notifications().items
    expect(items.map((n) => [n.kind, n.link]).sort()).toEqual([
      ['payout_failed', `/transactions/${failed}`], ['payout_failed', `/transactions/${refused}`], ['payout_failed', `/transactions/${bankId}`],
    ].sort())
    expect(items.find((n) => n.link === `/transactions/${bankId}`)!).toMatchObject({ title: 'Bank transfer failed: KES 500.00', body: expect.stringMatching(/^to Jane Wanjiku/) })
    expect(items.find((n) => n.link === `/transactions/${refused}`)!.title).toBe('B2C payout refused: KES 150,000.00')
    expect(items.find((n) => n.link === `/transactions/${failed}`)!.title).toBe('B2C payout failed: KES 100.00')
  })
})

describe('low_float', () => {
  it('once per crossing below the threshold, again only after the float was back above it', async () => {
    const s = make()
    const desk = s.call('console.floatDesk.get') as { accounts: { accountNo: string; available: number }[] }
    const payouts = desk.accounts[0]!
    const threshold = payouts.available - 2_000_000
    s.rules({ lowFloat: [{ accountNo: payouts.accountNo, below: threshold }] })
    s.pay('mobile.b2c', { amount: 1_000_000 })
    await s.settle()
    expect(s.notifications().items).toEqual([])
    s.pay('mobile.b2c', { amount: 1_500_000 })
    await s.settle()
    s.pay('mobile.b2c', { amount: 100_000 })
    await s.settle()
    expect(s.notifications().items.map((n) => n.kind)).toEqual(['low_float'])
    expect(s.notifications().items[0]!.body).toMatch(/is below your threshold of KES/)
    s.call('console.funds.topUp', { body: { accountNo: payouts.accountNo, amount: 5_000_000 } })
    await s.settle()
    expect(s.notifications().items).toHaveLength(1)
    s.pay('mobile.b2c', { amount: 5_000_000 })
    await s.settle()
    expect(s.notifications().items.map((n) => n.kind)).toEqual(['low_float', 'low_float'])
    const desked = (s.call('console.floatDesk.get') as { accounts: { accountNo: string; threshold: number | null; shortfall: number }[] }).accounts[0]!
    expect(desked.threshold).toBe(threshold)
    expect(desked.shortfall).toBeGreaterThan(0)
  })
})

describe('endpoint_failing', () => {
  it('after N deliveries to one URL failed in a row: once per run of failures', async () => {
    let failing = true
    const s = make(async (request) => ({ status: request.url.includes('/down') && failing ? 500 : 200, bodyPrefix: '' }))
    s.rules({ endpointFailing: { enabled: true, after: 3 } })
    const webhookUrl = 'http://127.0.0.1:9/down'
    for (let i = 0; i < 2; i++) s.pay('mobile.charge', { amount: 10_000, webhookUrl })
    await s.settle()
    expect(s.notifications().items).toEqual([])
    for (let i = 0; i < 3; i++) s.pay('mobile.charge', { amount: 10_000, webhookUrl })
    await s.settle()
    await s.settle()
    const first = s.notifications().items
    expect(first.map((n) => n.kind)).toEqual(['endpoint_failing'])
    expect(first[0]).toMatchObject({ title: 'Webhook endpoint failing', body: `The last 3 deliveries to ${webhookUrl} failed (last answer HTTP 500).`, link: '/webhooks' })
    failing = false
    s.pay('mobile.charge', { amount: 10_000, webhookUrl })
    s.clock.advance(60 * 60_000)
    await s.settle()
    failing = true
    for (let i = 0; i < 3; i++) s.pay('mobile.charge', { amount: 10_000, webhookUrl })
    await s.settle()
    await s.settle()
    expect(s.notifications().items.map((n) => n.kind)).toEqual(['endpoint_failing', 'endpoint_failing'])
  })
})

describe('reconciliation_exceptions', () => {
  it('a reconciliation with exceptions raises one; one without, or with the rule off, none', () => {
    const s = make()
    const request = { name: 'orders', mapping: { reference: 'Order', amount: 'Amount' }, amountUnit: 'KES', from: '2026-11-21', to: '2026-11-21', timeZone: 'Africa/Nairobi' }
    const created = s.call('console.reconciliations.create', { body: { ...request, csv: 'Order,Amount\r\nnone-1,10\r\nnone-2,20\r\n' } })
    const items = s.notifications().items
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ kind: 'reconciliation_exceptions', title: 'Reconciliation "orders": 2 exceptions', link: `/reconcile/${created.id}` })
    expect(items[0]!.body).toBe('2 missing in Paydesk of 2 rows (2026-11-21 to 2026-11-21).')
    s.rules({ reconciliationExceptions: { enabled: false } })
    s.call('console.reconciliations.create', { body: { ...request, csv: 'Order,Amount\r\nnone-3,10\r\n' } })
    expect(s.notifications().items).toHaveLength(1)
  })
})

describe('raised after the COMMIT, once, never for a rolled-back unit', () => {
  it('when a change is published nothing describes it yet; the next batch raises it', async () => {
    const s = make()
    s.rules({ payoutFailed: { enabled: true } })
    const db = s.service.internals.store.db
    const stored = () => (db.prepare("SELECT COUNT(*) AS n FROM notifications WHERE kind = 'payout_failed'").get() as { n: number }).n
    const seenAtPublish: number[] = []
    s.service.onEvent((event) => {
      if (event.type === 'transaction.changed' && event.status === 'failed') seenAtPublish.push(stored())
    })
    s.pay('mobile.b2c', { amount: 10_000, forceStatus: 'failed' })
    await s.settle()
    expect(seenAtPublish).toEqual([0])
    expect(stored()).toBe(1)
  })

  it('a simulator step that rolls back raises nothing; once it commits, exactly one', async () => {
    const s = make()
    const id = s.pay('mobile.b2c', { amount: 10_000, forceStatus: 'failed' })
    const db = s.service.internals.store.db
    db.exec(`CREATE TRIGGER poison_failure BEFORE UPDATE OF status ON transactions WHEN NEW.public_id = '${id}' AND NEW.status = 'failed'
      BEGIN SELECT RAISE(ABORT, 'poisoned'); END`)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    let errors: number
    try {
      await s.settle()
    } finally {
      errors = logged.mock.calls.length
      logged.mockRestore()
    }
    expect(errors).toBeGreaterThan(0)
    expect(s.notifications().items).toEqual([])
    expect(s.raised).toEqual([])
    db.exec('DROP TRIGGER poison_failure')
    await s.settle()
    await s.settle()
    const items = s.notifications().items
    expect(items.map((n) => [n.kind, n.link])).toEqual([['payout_failed', `/transactions/${id}`]])
    expect(s.raised).toHaveLength(1)
  })

  it('a console call that fails raises nothing (its reconciliation is rolled back with it)', () => {
    const s = make()
    const db = s.service.internals.store.db
    db.exec("CREATE TRIGGER poison_items BEFORE INSERT ON reconciliation_items WHEN NEW.line = 3 BEGIN SELECT RAISE(ABORT, 'poisoned'); END")
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    let status: number
    try {
      status = s.service.call('console.reconciliations.create', {
        body: { name: 'x', csv: 'Order,Amount\r\na,1\r\nb,2\r\n', mapping: { reference: 'Order', amount: 'Amount' }, amountUnit: 'KES', from: '2026-11-21', to: '2026-11-21' },
      }, consoleCtx).status
    } finally {
      logged.mockRestore()
    }
    expect(status).toBe(500)
    expect(s.call('console.reconciliations.list').items).toEqual([])
    expect(s.notifications().items).toEqual([])
    expect(s.raised).toEqual([])
  })
})

describe('reading notifications', () => {
  it('marks one read, then all; newest first', () => {
    const s = make()
    const request = { mapping: { reference: 'Order', amount: 'Amount' }, amountUnit: 'KES', from: '2026-11-21', to: '2026-11-21', csv: 'Order,Amount\r\nnone,1\r\n' }
    for (const name of ['first', 'second', 'third']) s.call('console.reconciliations.create', { body: { ...request, name } })
    const { items, unread } = s.notifications()
    expect(items.map((n) => n.title.split('"')[1])).toEqual(['third', 'second', 'first'])
    expect(unread).toBe(3)
    expect(s.call('console.notifications.read', { params: { id: String(items[1]!.id) } })).toMatchObject({ id: items[1]!.id, read: true })
    expect(s.notifications().unread).toBe(2)
    expect(s.call('console.notifications.readAll')).toEqual({ marked: 2, unread: 0 })
    expect(s.notifications().items.every((n) => n.read)).toBe(true)
    expect(s.service.call('console.notifications.read', { params: { id: '999' } }, consoleCtx).status).toBe(404)
  })
})
