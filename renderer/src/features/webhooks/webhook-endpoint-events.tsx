import { EndpointEventTypeSchema, type EndpointEventType } from '../../../../shared/schemas/webhooks'

const CHOOSABLE = EndpointEventTypeSchema.options

/** What each event is, for the chooser. */
const EVENT_HINTS: Record<EndpointEventType, string> = {
  'transaction.succeeded': 'A charge completed.',
  'transaction.failed': 'A charge, or a reversal, failed.',
  'transaction.creation_failed': 'A request was refused at creation (e.g. not enough payouts float); it was still answered 202.',
  'transaction.reversed': 'A reversal of a charge completed.',
  'payout.succeeded': 'A B2C, B2B or bank transfer completed.',
  'payout.failed': 'A B2C, B2B or bank transfer failed.',
  'balance.updated': "A merchant account's balance changed.",
}

/** The events chosen as the console shows them: "every event", or the list. */
export function chosenEventsText(events: readonly EndpointEventType[] | null): string {
  return events === null ? 'every event, balance.updated included' : events.join(', ')
}

/**
 * Which events the default endpoint takes: every event (null), or the ones ticked. Test events are always sent.
 * An error names the `events` field (at least one must be ticked).
 */
export function EndpointEventsField({ value, onChange, error, disabled }: {
  value: readonly EndpointEventType[] | null
  onChange(events: EndpointEventType[] | null): void
  error?: string
  disabled?: boolean
}) {
  const every = value === null
  const toggle = (type: EndpointEventType, on: boolean) => {
    const current = new Set(value ?? [])
    if (on) current.add(type)
    else current.delete(type)
    onChange(CHOOSABLE.filter((option) => current.has(option)))
  }
  return (
    <fieldset className="endpoint-events" aria-describedby={error ? 'endpoint-events-error' : undefined} disabled={disabled}>
      <legend>Events sent to the default endpoint</legend>
      <label>
        <input type="radio" name="endpoint-events" checked={every} onChange={() => onChange(null)} /> Every event
      </label>
      <label>
        <input type="radio" name="endpoint-events" checked={!every} onChange={() => onChange(CHOOSABLE.filter((type) => type !== 'balance.updated'))} /> Only these events
      </label>
      {every ? null : (
        <div className="endpoint-events__list">
          {CHOOSABLE.map((type) => (
            <label key={type} title={EVENT_HINTS[type]}>
              <input type="checkbox" checked={value.includes(type)} onChange={(e) => toggle(type, e.target.checked)} /> <code>{type}</code>
            </label>
          ))}
        </div>
      )}
      {error ? <p className="field__error" id="endpoint-events-error" role="alert">{error}</p> : null}
      <p className="form__note">Events not chosen are neither sent to this endpoint nor retried; a request&apos;s own webhookUrl still gets its transaction&apos;s events, and test events are always sent.</p>
    </fieldset>
  )
}
