import { useId, useState, type FormEvent } from 'react'
import type { WebhookDelivery, WebhookEvent } from '../../../../shared/schemas/webhooks'
import { WebhookUrlSchema } from '../../../../shared/schemas/common'
import { useResendWebhook } from '../../api/hooks/webhooks'
import { ErrorNotice } from '../error-notice'
import { TextField } from '../fields/text-field'
import { apiErrorToFieldErrors } from '../../forms/field-errors'
import { originalUrl } from './webhook-labels'

type Target = 'original' | 'other'

/**
 * Resend an event (same id and body, fresh signature) to where it first went, or to another URL, e.g. a
 * receiver that was down or a tunnel opened since. The new delivery appears in the log by push event.
 */
export function WebhookResendForm({ event, defaultUrl }: { event: Pick<WebhookEvent, 'id' | 'deliveries'>; defaultUrl: string | null }) {
  const resend = useResendWebhook()
  const id = useId()
  const original = originalUrl(event.deliveries) ?? defaultUrl
  const [target, setTarget] = useState<Target>(original ? 'original' : 'other')
  const [url, setUrl] = useState('')
  const [urlError, setUrlError] = useState<string | undefined>()
  const [sent, setSent] = useState<WebhookDelivery | null>(null)

  // An API error naming `url` belongs under the URL field when it is shown; anything else is a notice.
  const apiUrlError = target === 'other' && resend.isError ? apiErrorToFieldErrors(resend.error)['url'] : undefined

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault()
    setSent(null)
    let body: { url?: string } = {}
    if (target === 'other') {
      const parsed = WebhookUrlSchema.safeParse(url.trim())
      if (url.trim() === '' || !parsed.success) {
        setUrlError(url.trim() === '' ? 'is required' : parsed.error?.issues[0]?.message ?? 'must be an absolute http(s) URL')
        return
      }
      body = { url: parsed.data }
    }
    resend.mutate({ params: { eventId: event.id }, body }, {
      onSuccess: (delivery) => setSent(delivery),
    })
  }

  return (
    <form className="resend-form" onSubmit={submit} noValidate aria-label={`Resend ${event.id}`}>
      <fieldset className="resend-form__targets">
        <legend className="field__label">Resend to</legend>
        <label className="choice">
          <input type="radio" name={`${id}-target`} value="original" checked={target === 'original'} disabled={!original}
            onChange={() => { setTarget('original'); setUrlError(undefined) }} />
          Original URL {original ? <code className="resend-form__url">{original}</code> : <span className="field__optional">(none)</span>}
        </label>
        <label className="choice">
          <input type="radio" name={`${id}-target`} value="other" checked={target === 'other'} onChange={() => setTarget('other')} />
          Another URL
        </label>
      </fieldset>
      {target === 'other' ? (
        <TextField label="URL" required type="url" value={url} placeholder="https://example.com/webhooks" spellCheck={false} autoComplete="off"
          onChange={(v) => { setUrl(v); setUrlError(undefined); resend.reset() }} error={urlError ?? apiUrlError} hint="http or https; it gets this event once, with the same event id." />
      ) : null}
      {resend.isError && !apiUrlError ? <ErrorNotice error={resend.error} title="Resend refused" /> : null}
      <div className="form__actions">
        <button type="submit" className="button button--secondary button--small" disabled={resend.isPending} aria-busy={resend.isPending}>
          {resend.isPending ? 'Scheduling…' : 'Resend event'}
        </button>
        <span role="status" className="form__note">{sent ? `Resend scheduled to ${sent.url}` : ''}</span>
      </div>
    </form>
  )
}
