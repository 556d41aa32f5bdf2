import { useState } from 'react'
import { TestWebhookRequestSchema, UpdateWebhookEndpointRequestSchema, type WebhookEndpoint, type WebhookEvent, type EndpointEventType } from '../../../../shared/schemas/webhooks'
import { useSendTestWebhook, useUpdateWebhookEndpoint, useWebhookEndpoint } from '../../api/hooks/webhooks'
import { ErrorNotice } from '../../components/error-notice'
import { TextField } from '../../components/fields/text-field'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { optionalText } from '../../forms/optional'
import { useSchemaForm } from '../../forms/use-schema-form'
import { useEnvironment } from '../../stores/environment-store'
import { chosenEventsText, EndpointEventsField } from './webhook-endpoint-events'

/** The default endpoint (the events it takes: every one, balance.updated included, unless chosen) and a test event to check a receiver. */
export function WebhookEndpointPanel({ onTestSent }: { onTestSent(event: WebhookEvent): void }) {
  const endpoint = useWebhookEndpoint()
  const environment = useEnvironment()
  return (
    <Panel title="Default endpoint">
      <QueryView query={endpoint} loadingLabel="Loading the endpoint…">
        {(data) => (
          <div className="stack">
            <EndpointForm key={`${data.defaultUrl ?? ''} ${data.events?.join() ?? '*'}`} endpoint={data} environment={environment} />
            <TestEventForm hasDefault={data.defaultUrl !== null} onSent={onTestSent} />
          </div>
        )}
      </QueryView>
    </Panel>
  )
}

interface EndpointValues extends Record<string, unknown> {
  defaultUrl: string
  events: EndpointEventType[] | null
}

function EndpointForm({ endpoint, environment }: { endpoint: WebhookEndpoint; environment: string }) {
  const update = useUpdateWebhookEndpoint()
  const form = useSchemaForm({
    initialValues: { defaultUrl: endpoint.defaultUrl ?? '', events: endpoint.events } as EndpointValues,
    schema: UpdateWebhookEndpointRequestSchema,
    toRequest: (values: EndpointValues) => ({ request: { defaultUrl: optionalText(values.defaultUrl), events: values.events } }),
  })
  const save = form.handleSubmit((body) => update.mutate({ body }, { onError: (error) => form.setApiError(error) }))
  // Clearing the URL keeps the choice of events for when one is set again.
  const clear = () => update.mutate({ body: { defaultUrl: null, events: endpoint.events } }, { onSuccess: () => form.reset({ defaultUrl: '', events: endpoint.events }) })

  return (
    <form className="form" onSubmit={save} ref={form.formRef} noValidate aria-label="Default endpoint">
      <p className="form__note" data-testid="default-endpoint">
        {endpoint.defaultUrl
          ? <>Events of the {environment} environment go to <code>{endpoint.defaultUrl}</code> (<span data-testid="default-endpoint-events">{chosenEventsText(endpoint.events)}</span>), besides each request&apos;s own webhookUrl.</>
          : <>No default endpoint: events of the {environment} environment go only to the webhookUrl of each request.</>}
      </p>
      {update.isError && !update.error.param ? <ErrorNotice error={update.error} /> : null}
      <div className="inline-form">
        <TextField label="Endpoint URL" required type="url" value={form.values.defaultUrl} placeholder="https://example.com/webhooks" spellCheck={false} autoComplete="off"
          onChange={(v) => form.setValue('defaultUrl', v)} onBlur={() => form.touch('defaultUrl')} error={form.error('defaultUrl')}
          hint="http:// or https:// only. Receives the events chosen below." />
        <button type="submit" className="button button--primary" disabled={update.isPending} aria-busy={update.isPending}>Save</button>
        <button type="button" className="button button--secondary" onClick={clear} disabled={update.isPending || endpoint.defaultUrl === null}>Clear</button>
      </div>
      <EndpointEventsField value={form.values.events} onChange={(events) => { form.setValue('events', events); form.touch('events') }}
        error={form.error('events')} disabled={update.isPending} />
    </form>
  )
}

function TestEventForm({ hasDefault, onSent }: { hasDefault: boolean; onSent(event: WebhookEvent): void }) {
  const test = useSendTestWebhook()
  const [sent, setSent] = useState<string | null>(null)
  const form = useSchemaForm({
    initialValues: { url: '' },
    schema: TestWebhookRequestSchema,
    toRequest: (values: { url: string }) => ({ request: { url: optionalText(values.url) } }),
  })
  const send = form.handleSubmit((body) => {
    setSent(null)
    test.mutate({ body }, {
      onSuccess: (event) => {
        setSent(`Test event ${event.id} scheduled to ${event.deliveries.map((d) => d.url).join(', ')}`)
        onSent(event)
      },
      onError: (error) => form.setApiError(error),
    })
  })
  return (
    <form className="form" onSubmit={send} ref={form.formRef} noValidate aria-label="Send a test event">
      <h3 className="panel__title">Send a test event</h3>
      {test.isError && !test.error.param ? <ErrorNotice error={test.error} /> : null}
      <div className="inline-form">
        <TextField label="Send to" type="url" value={form.values.url} placeholder={hasDefault ? 'The default endpoint' : 'https://example.com/webhooks'}
          spellCheck={false} autoComplete="off" onChange={(v) => form.setValue('url', v)} onBlur={() => form.touch('url')} error={form.error('url')}
          hint={hasDefault ? 'Leave empty for the default endpoint.' : 'No default endpoint is set, so give a URL.'} />
        <button type="submit" className="button button--secondary" disabled={test.isPending} aria-busy={test.isPending}>Send test event</button>
      </div>
      <p className="form__note" role="status">{sent ?? ''}</p>
    </form>
  )
}
