import { afterEach, describe, expect, it } from 'vitest'
import { testService } from '../support/harness'
import { acknowledgingTransport, reference, serviceDriver } from '../support/simulator-driver'

let close: (() => void) | undefined
afterEach(() => close?.())

function sandbox(tickBudgetMs?: number) {
  const { service, clock } = testService({ webhookTransport: acknowledgingTransport, tickBudgetMs })
  close = () => service.close()
  const drive = serviceDriver(() => service)
  const ids = Array.from({ length: 5 }, () =>
    drive.ok(drive.api('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference('budget') } })).transactionId)
  clock.advance(3_000)
  const completed = () => ids.filter((id) => drive.transaction(id).status !== 'pending').length
  return { service, completed }
}

describe('the simulator tick budget (hosts keep the event loop free under a backlog)', () => {
  it('without a budget, one tick finalizes everything due', async () => {
    const { service, completed } = sandbox()
    await service.tick()
    expect(completed()).toBe(5)
  })

  it('with a budget, a tick stops early but always makes progress, and later ticks finish the rest', async () => {
    const { service, completed } = sandbox(0)
    await service.tick()
    expect(completed()).toBe(1)
    for (let i = 0; i < 4; i++) await service.tick()
    expect(completed()).toBe(5)
  })
})
