import type { Unit } from '../core/unit'
import type { TransactionFacts } from '../db/notifications-repo'
import { raise, toNotification } from './raise'

/** Payout failures told one by one in a minute of the simulated clock; past these, one grouped notification tells them. */
export const BURST_SINGLES = 3
const WINDOW_MS = 60_000
/** A grouped notification that keeps counting is announced again (bell, toast, desktop) at most this often. */
const REANNOUNCE_MS = 5_000
const MARK = 'payout_failed:burst'

/** The mark's note: the window it counts, the grouped notification's id (0: none yet), when it was last announced. */
function readNote(note: string | null | undefined): { window: number; id: number; announcedAt: number } {
  const [window = -1, id = 0, announcedAt = 0] = (note ?? '').split(' ').map(Number)
  return { window, id, announcedAt }
}

/**
 * A failed payout counted in its minute (per organization and environment). The first BURST_SINGLES are
 * raised one by one (the caller does it: returns false); from the next one on, a single grouped
 * notification ("37 payouts failed in the last minute") is raised, then kept up to date: its count and
 * newest failure change, it becomes unread again, and it is announced again at most every 5 s. So 1,500
 * failures in seconds are four notifications and a handful of announcements, not 1,500 of each.
 */
export function groupedPayoutFailure(unit: Unit, facts: TransactionFacts, single: { title: string; body: string }): boolean {
  const { store } = unit
  const scope = [facts.organization_id, facts.environment] as const
  const window = Math.floor(unit.now / WINDOW_MS) * WINDOW_MS
  const mark = store.notifications.mark(...scope, MARK)
  const note = readNote(mark?.note)
  const count = mark && note.window === window ? mark.value + 1 : 1
  const state = note.window === window ? note : { window, id: 0, announcedAt: 0 }
  if (count > BURST_SINGLES) {
    const title = `${count} payouts failed in the last minute`
    const body = `The newest: ${single.title}${single.body ? ` (${single.body})` : ''}. Transactions lists them all.`
    if (state.id === 0) {
      const raised = raise(unit, { organizationId: facts.organization_id, environment: facts.environment, kind: 'payout_failed', source: `burst:${window}`, title, body, link: '/transactions' })
      state.id = raised?.id ?? 0
      state.announcedAt = unit.now
    } else {
      const row = store.notifications.regroup(state.id, title, body)
      if (row && unit.now - state.announcedAt >= REANNOUNCE_MS) {
        unit.emit({ type: 'notification.raised', environment: facts.environment, organizationId: facts.organization_id, notification: toNotification(row), sound: false })
        state.announcedAt = unit.now
      }
    }
  }
  store.notifications.setMark(...scope, MARK, count, `${state.window} ${state.id} ${state.announcedAt}`)
  return count > BURST_SINGLES
}
