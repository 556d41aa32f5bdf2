import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_NOTIFICATION_RULES } from '../../shared/schemas/notifications'
import { runUnit } from '../../electron/service/core/unit'
import { batchFinished, type BatchFinished } from '../../electron/service/notifications/batch-rule'
import { testService, type TestService } from '../support/harness'

// The batch_finished rule, ready for the event a finished bulk payout emits (`payoutBatch.finished`): until
// that event is in the push events, the rule is run here in a unit of its own, as the notifier would run it.
const consoleCtx = { trustedConsole: true, environment: 'test' as const }
let service: TestService | null = null
afterEach(() => service?.close())

function finished(s: TestService, event: Omit<BatchFinished, 'organizationId' | 'environment'>): void {
  const { engine } = s.internals
  runUnit(engine, engine.now(), (unit) => batchFinished(unit, { organizationId: s.startup.demoOrganizationId, environment: 'test', ...event }))
}
const list = (s: TestService) => (s.call('console.notifications.list', {}, consoleCtx).body as { data: { items: { kind: string; title: string; body: string; link: string }[] } }).data.items

describe('batch_finished', () => {
  it('is raised once per finished batch, with its counts and a link to it; never while the rule is off', () => {
    const s = (service = testService().service)
    finished(s, { batchId: 'bat_1', name: 'Salaries', status: 'completed_with_failures', completedRows: 12, failedRows: 3 })
    finished(s, { batchId: 'bat_1', name: 'Salaries', status: 'completed_with_failures', completedRows: 12, failedRows: 3 })
    finished(s, { batchId: 'bat_2', name: 'Refunds', status: 'completed', completedRows: 1, failedRows: 0 })
    expect(list(s)).toEqual([
      expect.objectContaining({ kind: 'batch_finished', title: 'Bulk payout "Refunds" finished', body: 'All 1 row paid.', link: '/payouts/bulk/bat_2' }),
      expect.objectContaining({ kind: 'batch_finished', title: 'Bulk payout "Salaries" finished with failures', body: '12 rows paid, 3 rows failed.', link: '/payouts/bulk/bat_1' }),
    ])
    s.call('console.notificationRules.update', { body: { ...DEFAULT_NOTIFICATION_RULES, batchFinished: { enabled: false } } }, consoleCtx)
    finished(s, { batchId: 'bat_3', name: 'Off', status: 'completed', completedRows: 2, failedRows: 0 })
    expect(list(s)).toHaveLength(2)
  })
})
