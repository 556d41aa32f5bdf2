import { afterEach, describe, expect, it } from 'vitest'
import type { PushEvent } from '../../shared/api/push-events'
import { testService } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { acknowledgingTransport, reference, serviceDriver } from '../support/simulator-driver'

const SECOND = 1_000
let close: (() => void) | undefined
afterEach(() => close?.())

function interactive() {
  const { service, clock } = testService({ simulatorMode: 'interactive', webhookTransport: acknowledgingTransport })
  close = () => service.close()
  const drive = serviceDriver(() => service)
  const pushed: PushEvent[] = []
  service.onEvent((event) => pushed.push(event))
  const charge = (extra: Record<string, unknown> = {}) =>
    drive.ok(drive.api('mobile.charge', { body: { phoneNumber: '0712345678', amount: 20_000, merchantTransactionId: reference('prompt'), narration: 'Order 7', ...extra } as never })).transactionId
  return { service, clock, drive, pushed, charge }
}

describe('interactive mode: the customer answers the push prompt in the console', () => {
  it('lists the waiting prompt with its expiry and pushes prompt.pending', () => {
    const { clock, drive, pushed, charge } = interactive()
    const id = charge()
    expect(pushed).toContainEqual({ type: 'prompt.pending', environment: 'test', transactionId: id })
    const { items } = drive.ok(drive.console('console.prompts.list', {}))
    expect(items).toEqual([{
      transactionId: id, phoneNumber: '+254712345678', amount: 20_000, merchantTransactionId: expect.any(String), narration: 'Order 7',
      createdAt: clock.now(), expiresAt: clock.now() + 60 * SECOND,
    }])
  })

  it.each([
    ['approve', 'completed', '0', 'The service request is processed successfully.'],
    ['wrong_pin', 'failed', '2001', 'The initiator information is invalid.'],
    ['cancel', 'failed', '1032', 'Request cancelled by user.'],
  ] as const)('answer %s finalizes the charge at once as %s (%s)', (answer, status, code, message) => {
    const { service, drive, charge } = interactive()
    const id = charge()
    const answered = drive.ok(drive.console('console.prompts.answer', { params: { transactionId: id }, body: { answer } }))
    expect(answered).toMatchObject({ publicId: id, status, message })
    expect(drive.row(id).result_code).toBe(code)
    expect(drive.ok(drive.console('console.prompts.list', {})).items).toEqual([])
    expect(drive.webhookEvents(id).map((e) => e.type)).toEqual([status === 'completed' ? 'transaction.succeeded' : 'transaction.failed'])
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })

  it('times out with 1037 when nobody answers within 60 simulated seconds', async () => {
    const { service, clock, drive, charge } = interactive()
    const id = charge()
    clock.advance(59 * SECOND)
    await service.tick()
    expect(drive.transaction(id).status).toBe('pending')
    clock.advance(1 * SECOND)
    await service.tick()
    expect(drive.transaction(id)).toMatchObject({ status: 'failed', message: 'DS timeout user cannot be reached.' })
    expect(drive.row(id).result_code).toBe('1037')
    expect(drive.webhookEvents(id)[0]!.error).toEqual({ code: '1037', message: 'DS timeout user cannot be reached.' })
  })

  it('refuses an answer to an expired, finished or unknown prompt', async () => {
    const { service, clock, drive, charge } = interactive()
    const expired = charge()
    clock.advance(60 * SECOND)
    const late = drive.console('console.prompts.answer', { params: { transactionId: expired }, body: { answer: 'approve' } })
    expect(late.status).toBe(400)
    await service.tick()
    const finished = drive.console('console.prompts.answer', { params: { transactionId: expired }, body: { answer: 'approve' } })
    expect(finished.status).toBe(400)
    expect(drive.transaction(expired).status).toBe('failed')
    expect(drive.console('console.prompts.answer', { params: { transactionId: 'txn_unknown' }, body: { answer: 'approve' } }).status).toBe(404)
    const payout = drive.ok(drive.api('mobile.b2c', { body: { phoneNumber: '0712345678', amount: 100, merchantTransactionId: reference('b2c') } })).transactionId
    expect(drive.console('console.prompts.answer', { params: { transactionId: payout }, body: { answer: 'approve' } }).status).toBe(400)
  })

  it('skips the prompt when the outcome is forced, and payouts keep fast timings', async () => {
    const { service, clock, drive, pushed, charge } = interactive()
    const forced = charge({ forceStatus: 'success' })
    const magic = charge({ phoneNumber: '254700000004' })
    expect(pushed.filter((e) => e.type === 'prompt.pending')).toEqual([])
    expect(drive.ok(drive.console('console.prompts.list', {})).items).toEqual([])
    clock.advance(3 * SECOND)
    await service.tick()
    expect(drive.transaction(forced).status).toBe('completed')
    expect(drive.transaction(magic)).toMatchObject({ status: 'failed', message: 'The initiator information is invalid.' })
  })

  it('keeps prompts of one environment out of the other', () => {
    const { drive, charge } = interactive()
    charge()
    expect(drive.ok(drive.console('console.prompts.list', {}, 'live')).items).toEqual([])
  })
})
