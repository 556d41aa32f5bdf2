import type { AuditEntry } from '../../../../shared/schemas/console-support'
import { Timestamp } from '../../components/timestamp'
import './audit.css'

/** Beyond this the simulated clock is worth showing beside the real one (QA moved it on). */
const SHOWN_APART_MS = 60_000

/**
 * When an entry happened: the real time it was recorded (the host's clock), which is the evidence of who did
 * what and when; the simulated clock's time beside it only where QA has moved that clock away. An entry
 * written before Paydesk recorded the real time shows its simulated time, marked as such.
 */
export function AuditWhen({ entry }: { entry: Pick<AuditEntry, 'at' | 'recordedAt'> }) {
  if (entry.recordedAt === null) {
    return (
      <span className="audit-when">
        <Timestamp ms={entry.at} />
        <span className="audit-when__simulated" title="Written before Paydesk recorded the real time">simulated clock</span>
      </span>
    )
  }
  const apart = Math.abs(entry.at - entry.recordedAt) > SHOWN_APART_MS
  return (
    <span className="audit-when">
      <Timestamp ms={entry.recordedAt} />
      {apart ? <span className="audit-when__simulated">simulated <Timestamp ms={entry.at} compact /></span> : null}
    </span>
  )
}
