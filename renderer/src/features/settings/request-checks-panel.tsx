import { useState } from 'react'
import { UpdateDeveloperSettingsRequestSchema, type DeveloperSettings } from '../../../../shared/schemas/request-log'
import { useDeveloperSettings, useUpdateDeveloperSettings } from '../../api/hooks/requests'
import { ErrorNotice } from '../../components/error-notice'
import { TextField } from '../../components/fields/text-field'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Tag } from '../../components/status-badge'
import { useSchemaForm } from '../../forms/use-schema-form'
import { wholeNumberOrText } from '../../forms/numbers'

/**
 * Strict request checks (this organization, both environments): Paydesk answers what production
 * tolerates but the API reference forbids (e.g. an Idempotency-Key that is not a UUID) with a
 * Paydesk-Warning header; strict checks refuse it with 400 instead. And how many requests, and how many
 * bytes of them, the request log keeps per environment.
 */
export function RequestChecksPanel() {
  const settings = useDeveloperSettings()
  return (
    <Panel title="Request checks">
      <QueryView query={settings} loadingLabel="Loading request checks…">
        {(data) => <RequestChecks settings={data} />}
      </QueryView>
    </Panel>
  )
}

function RequestChecks({ settings }: { settings: DeveloperSettings }) {
  const update = useUpdateDeveloperSettings()
  // Held locally from the click on: the mutation reports "pending" only a render later, and the controlled
  // checkbox would snap back in between.
  const [chosen, setChosen] = useState<boolean | null>(null)
  const strict = chosen ?? settings.strictRequestChecks
  const choose = (value: boolean) => {
    setChosen(value)
    update.mutate({ body: { strictRequestChecks: value } }, { onSettled: () => setChosen(null) })
  }
  return (
    <div className="stack">
      {update.isError && !update.error.param ? <ErrorNotice error={update.error} title="The setting was not changed" /> : null}
      <label className="row">
        <input type="checkbox" checked={strict} disabled={update.isPending}
          onChange={(e) => choose(e.target.checked)} aria-describedby="strict-checks-note" />
        Strict request checks
        {settings.strictForcedByHost ? <Tag tone="warning">On for every organization (--strict)</Tag> : null}
      </label>
      <p className="form__note" id="strict-checks-note">
        Off (like production): an Idempotency-Key that is not a UUID is accepted and answered with a <code>Paydesk-Warning</code> header.
        On: it is refused with 400, as the API reference documents. Applies to this organization in both environments.
      </p>
      <LogLimitForm settings={settings} />
    </div>
  )
}

const MIB = 1024 * 1024

/** Megabytes as typed (decimals allowed), as bytes; anything else as typed. */
const mibToBytes = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) ? Math.round(Number(text.trim()) * MIB) : text)
const bytesToMib = (bytes: number) => String(Math.round((bytes / MIB) * 100) / 100)

/** The request log's two bounds per environment: how many requests and how many bytes of them it keeps. */
function LogLimitForm({ settings }: { settings: DeveloperSettings }) {
  const update = useUpdateDeveloperSettings()
  const form = useSchemaForm({
    initialValues: { requestLogLimit: String(settings.requestLogLimit), requestLogMaxBytes: bytesToMib(settings.requestLogMaxBytes) },
    schema: UpdateDeveloperSettingsRequestSchema,
    toRequest: (values: { requestLogLimit: string; requestLogMaxBytes: string }) => ({
      request: { requestLogLimit: wholeNumberOrText(values.requestLogLimit), requestLogMaxBytes: mibToBytes(values.requestLogMaxBytes) },
    }),
  })
  const save = form.handleSubmit((body) => update.mutate({ body }, { onError: (error) => form.setApiError(error) }))
  return (
    <form className="form" onSubmit={save} ref={form.formRef} noValidate aria-label="Request log size">
      <div className="inline-form">
        <TextField label="Requests kept per environment" required inputMode="numeric" value={form.values.requestLogLimit} autoComplete="off"
          onChange={(v) => form.setValue('requestLogLimit', v)} onBlur={() => form.touch('requestLogLimit')} error={form.error('requestLogLimit')}
          hint="The newest ones; older requests are dropped in batches." />
        <TextField label="Log size per environment (MiB)" required inputMode="decimal" value={form.values.requestLogMaxBytes} autoComplete="off"
          onChange={(v) => form.setValue('requestLogMaxBytes', v)} onBlur={() => form.touch('requestLogMaxBytes')} error={form.error('requestLogMaxBytes')}
          hint="Headers and bodies as stored, from 1 MiB to 64 GiB; the newest requests are kept." />
        <button type="submit" className="button button--secondary" disabled={update.isPending}>Save</button>
      </div>
      {update.isSuccess ? <p className="notice notice--success" role="status">Saved.</p> : null}
    </form>
  )
}
