import type { PushEvent } from '../../../shared/api/push-events'
import type { Unit } from '../core/unit'
import { raise } from './raise'

type WebhookAttempted = Extract<PushEvent, { type: 'webhook.attempted' }>

const MARK_PREFIX = 'endpoint:'
/** Deliveries a run remembers by id (the rule's `after` is at most 100). */
const REMEMBERED = 100

/**
 * A webhook URL `after` of whose deliveries failed in a row: endpoint_failing, once per run of failures. A
 * delivery counts once, at its first failed attempt (its retries are the same delivery); any delivery that
 * succeeds ends the run. The mark `endpoint:<url>` holds the run's length and the deliveries it counted.
 */
export function endpointFailing(unit: Unit, event: WebhookAttempted): void {
  const { store } = unit
  const failed = event.outcome !== 'succeeded'
  // Most attempts succeed, to URLs with no run of failures: no read at all for them.
  if (!failed && !store.notifications.anyMark(event.environment, MARK_PREFIX)) return
  const delivery = store.notifications.delivery(event.deliveryId)
  if (!delivery) return
  const { organization_id: organizationId, environment, url } = delivery
  const mark = `${MARK_PREFIX}${url}`
  const state = store.notifications.mark(organizationId, environment, mark)
  if (!failed) {
    if (state) store.notifications.clearMark(organizationId, environment, mark)
    return
  }
  const counted = state?.note ? state.note.split(' ') : []
  if (counted.includes(event.deliveryId)) return
  const inRow = (state?.value ?? 0) + 1
  const remembered = counted.length < REMEMBERED ? [...counted, event.deliveryId] : counted
  store.notifications.setMark(organizationId, environment, mark, inRow, remembered.join(' '))
  const rule = store.notifications.rules(organizationId, environment).endpointFailing
  if (!rule.enabled || inRow !== rule.after) return
  const answer = delivery.last_response_status === null ? 'no answer' : `last answer HTTP ${delivery.last_response_status}`
  raise(unit, {
    organizationId, environment, kind: 'endpoint_failing', source: `${url}@${event.deliveryId}`,
    title: 'Webhook endpoint failing', body: `The last ${inRow} deliveries to ${url} failed (${answer}).`, link: '/webhooks',
  })
}
