import type { PushEvent } from '../../../shared/api/push-events'
import type { ReconciliationSummary } from '../../../shared/schemas/reconciliations'
import type { Unit } from '../core/unit'
import { raise } from './raise'

type ReconciliationSaved = Extract<PushEvent, { type: 'reconciliation.saved' }>

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}

/** The exceptions of a summary in words: "2 missing in Paydesk, 1 amount mismatch". */
export function exceptionWords(summary: ReconciliationSummary): string {
  const parts: [number, string, string][] = [
    [summary.missingInPaydesk, 'missing in Paydesk', 'missing in Paydesk'], [summary.missingInFile, 'missing in the file', 'missing in the file'],
    [summary.amountMismatch, 'amount mismatch', 'amount mismatches'], [summary.duplicates, 'duplicate', 'duplicates'],
    [summary.ambiguous, 'ambiguous', 'ambiguous'],
  ]
  return parts.filter(([count]) => count > 0).map(([count, one, many]) => `${count} ${count === 1 ? one : many}`).join(', ')
}

/** A saved reconciliation with exceptions: reconciliation_exceptions, once per reconciliation. */
export function reconciliationExceptions(unit: Unit, event: ReconciliationSaved): void {
  if (event.exceptions === 0) return
  const { store } = unit
  const record = store.reconciliations.byId(event.reconciliationId)
  if (!record || !store.notifications.rules(record.organization_id, record.environment).reconciliationExceptions.enabled) return
  raise(unit, {
    organizationId: record.organization_id, environment: record.environment, kind: 'reconciliation_exceptions', source: record.id,
    title: `Reconciliation "${record.name}": ${plural(event.exceptions, 'exception')}`,
    body: `${exceptionWords(record.summary)} of ${plural(record.summary.fileRows, 'row')} (${record.from_day} to ${record.to_day}).`,
    link: `/reconcile/${record.id}`,
  })
}
