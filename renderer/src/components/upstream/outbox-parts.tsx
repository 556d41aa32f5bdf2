import type { z } from 'zod'
import type { OutboxAttemptSchema, OutboxStateName } from '../../../../shared/schemas/upstream-outbox'
import '../upstream.css'
import { Timestamp } from '../timestamp'
import type { Tone } from '../status-badge'

type Attempt = z.infer<typeof OutboxAttemptSchema>

/** The public route an outbox row is sent to, in the console's words. */
export const OUTBOX_ROUTE_LABELS: Record<string, string> = {
  'mobile.charge': 'Charge', 'mobile.b2c': 'B2C payout', 'mobile.b2b': 'B2B payout', 'bank.transfer': 'Bank transfer', 'mobile.reverse': 'Reversal',
}
export const outboxRouteLabel = (route: string) => OUTBOX_ROUTE_LABELS[route] ?? route

const STATE_WORDS: Record<OutboxStateName, { label: string; tone: Tone }> = {
  queued: { label: 'Queued', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'info' },
  unknown: { label: 'Unknown', tone: 'warning' },
  accepted: { label: 'Accepted', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  needs_review: { label: 'Needs review', tone: 'danger' },
  closed: { label: 'Closed', tone: 'neutral' },
}

/** An outbox row's state as a pill: the text carries the meaning, the colour is decoration. */
export function OutboxStateBadge({ state }: { state: OutboxStateName }) {
  const words = STATE_WORDS[state]
  return (
    <span className={`badge badge--${words.tone}`} data-state={state}>
      <span className={state === 'sent' || state === 'queued' ? 'badge__dot badge__dot--live' : 'badge__dot'} aria-hidden="true" />
      {words.label}
    </span>
  )
}

/** The provider's answer indented when it is JSON (it may be cut short, then it is shown as it came). */
function readable(answer: string): string {
  try {
    return JSON.stringify(JSON.parse(answer), null, 2)
  } catch {
    return answer
  }
}

/** Every attempt of a row: a send of the body or a look-up of the reference, and what the provider answered. */
export function OutboxAttempts({ attempts }: { attempts: readonly Attempt[] }) {
  if (attempts.length === 0) return <p className="field__hint">Nothing sent yet.</p>
  return (
    <ol className="plain-list stack" aria-label="Attempts">
      {attempts.map((attempt, index) => (
        <li key={`${attempt.at}:${index}`} data-testid="outbox-attempt">
          <div className="row">
            <strong>{attempt.kind === 'send' ? 'Sent' : 'Looked up'}</strong>
            <Timestamp ms={attempt.at} />
            <span>{attempt.status === null ? 'no answer' : `HTTP ${attempt.status}`}</span>
            <span>{attempt.outcome}</span>
          </div>
          {attempt.answer ? <pre className="code-block outbox-answer" tabIndex={0} aria-label="What the provider answered">{readable(attempt.answer)}</pre> : null}
        </li>
      ))}
    </ol>
  )
}
