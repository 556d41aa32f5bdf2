import { DEFAULT_HTTP_PORT, UpdateHostSettingsRequestSchema, type HostSettings } from '../../../../shared/schemas/host'
import { useApiClient } from '../../api/api-context'
import { useHostSettings, useUpdateHostSettings } from '../../api/hooks/settings'
import { CopyButton } from '../../components/copy-button'
import { ErrorNotice } from '../../components/error-notice'
import { TextField } from '../../components/fields/text-field'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { useSchemaForm } from '../../forms/use-schema-form'
import { wholeNumberOrText } from '../../forms/numbers'

/**
 * Where integrations reach the API. Inside the desktop app the HTTP port is a saved setting, applied at
 * the app's next start; a browser console talks to a headless sandbox whose port comes from its --port
 * flag, so there it shows the URL in use and says where the port is set.
 */
export function HttpPortPanel() {
  const host = useHostSettings()
  const desktop = useApiClient().transport.kind === 'ipc'
  return (
    <Panel title="HTTP API">
      <QueryView query={host} loadingLabel="Loading host settings…">
        {(settings) => (
          <div className="stack">
            <dl className="facts">
              <dt>API base URL</dt>
              <dd className="row" data-testid="current-api-url">
                {settings.httpUrl ? <><code>{`${settings.httpUrl}/v1`}</code><CopyButton value={`${settings.httpUrl}/v1`} label="Copy API base URL" /></> : 'No HTTP server is running'}
              </dd>
              {desktop ? null : (<><dt>Port</dt><dd>Set when the sandbox starts: <code>--port</code> or <code>PAYDESK_PORT</code> (default {DEFAULT_HTTP_PORT}).</dd></>)}
            </dl>
            {desktop ? <PortForm settings={settings} /> : null}
          </div>
        )}
      </QueryView>
    </Panel>
  )
}

function PortForm({ settings }: { settings: HostSettings }) {
  const update = useUpdateHostSettings()
  const form = useSchemaForm({
    initialValues: { httpPort: String(settings.httpPort) },
    schema: UpdateHostSettingsRequestSchema,
    toRequest: (values: { httpPort: string }) => ({ request: { httpPort: wholeNumberOrText(values.httpPort) } }),
  })
  const save = form.handleSubmit((body) => update.mutate({ body }, { onError: (error) => form.setApiError(error) }))
  return (
    <form className="form" onSubmit={save} ref={form.formRef} noValidate aria-label="HTTP port">
      {update.isError && !update.error.param ? <ErrorNotice error={update.error} /> : null}
      <div className="inline-form">
        <TextField label="HTTP port" required inputMode="numeric" value={form.values.httpPort} autoComplete="off"
          onChange={(v) => form.setValue('httpPort', v)} onBlur={() => form.touch('httpPort')} error={form.error('httpPort')}
          hint="1024–65535, on 127.0.0.1 only. Takes effect on restart of the desktop app." />
        <button type="submit" className="button button--primary" disabled={update.isPending} aria-busy={update.isPending}>Save port</button>
      </div>
      <p className="form__note" role="status">
        {update.isSuccess ? `Saved: the API moves to port ${update.data.httpPort} when the desktop app restarts.` : ''}
      </p>
    </form>
  )
}
