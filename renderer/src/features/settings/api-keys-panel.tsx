import { useMemo, useState, type FormEvent } from 'react'
import type { ApiKey } from '../../../../shared/schemas/console'
import { useApiKeys } from '../../api/hooks/console'
import { useCreateApiKey, useRevokeApiKey } from '../../api/hooks/settings'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { CopyButton } from '../../components/copy-button'
import { DataTable } from '../../components/data-table/data-table'
import { dataTableColumns } from '../../components/data-table/data-table-features'
import { EmptyState } from '../../components/empty-state'
import { ErrorNotice } from '../../components/error-notice'
import { TextField } from '../../components/fields/text-field'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Tag } from '../../components/status-badge'
import { Timestamp } from '../../components/timestamp'
import { apiErrorToFieldErrors } from '../../forms/field-errors'
import { optionalText } from '../../forms/optional'
import { useEnvironment } from '../../stores/environment-store'
import { ApiKeyReleaseCell } from './api-key-release'

const LABEL_MAX_LENGTH = 64
const col = dataTableColumns<ApiKey>()
const keyId = (key: ApiKey) => key.id
/** Last use says more about whether a key can go; creation time is one click away. */
const HIDDEN_KEY_COLUMNS = ['createdAt']

/** Columns need the revoke callback; built once per panel (TanStack Table v9 needs stable columns). */
function keyColumns(onRevoke: (key: ApiKey) => void) {
  return col.columns([
    col.accessor('label', { id: 'label', header: 'Label', meta: { label: 'Label' }, sortFn: 'text' }),
    col.accessor('prefix', { id: 'prefix', header: 'Key', meta: { label: 'Key prefix' }, sortFn: 'text', cell: (info) => <code>{info.getValue()}</code> }),
    col.accessor('createdAt', { id: 'createdAt', header: 'Created', meta: { label: 'Created' }, sortFn: 'basic', cell: (info) => <Timestamp ms={info.getValue()} /> }),
    col.accessor((key) => key.lastUsedAt ?? 0, {
      id: 'lastUsedAt', header: 'Last used', meta: { label: 'Last used' }, sortFn: 'basic',
      cell: (info) => (info.row.original.lastUsedAt === null ? 'Never' : <Timestamp ms={info.row.original.lastUsedAt} />),
    }),
    col.accessor((key) => key.apiVersion ?? '', {
      id: 'apiVersion', header: 'API release', meta: { label: 'API release' }, sortFn: 'text',
      cell: (info) => <ApiKeyReleaseCell apiKey={info.row.original} />,
    }),
    col.accessor((key) => (key.revokedAt === null ? 'active' : 'revoked'), {
      id: 'state', header: 'State', meta: { label: 'State' }, sortFn: 'text',
      cell: (info) => (info.row.original.revokedAt === null
        ? <Tag tone="success">Active</Tag>
        : <span title={new Date(info.row.original.revokedAt).toISOString()}><Tag tone="neutral">Revoked</Tag></span>),
    }),
    col.display({
      id: 'actions', header: () => <span className="visually-hidden">Actions</span>, meta: { label: 'Actions', align: 'end' }, enableHiding: false,
      cell: (info) => (info.row.original.revokedAt === null ? (
        <button type="button" className="button button--ghost button--small danger-action" onClick={() => onRevoke(info.row.original)}
          aria-label={`Revoke ${info.row.original.label} (${info.row.original.prefix})`}>
          Revoke…
        </button>
      ) : null),
    }),
  ])
}

/**
 * API keys of the current environment. Paydesk stores only a hash, so a new key's secret is shown exactly
 * once, with a copy button and a clear warning; revoking asks first, as it breaks every integration using it.
 */
export function ApiKeysPanel() {
  const environment = useEnvironment()
  const keys = useApiKeys()
  const revoke = useRevokeApiKey()
  const [revoking, setRevoking] = useState<ApiKey | null>(null)
  const columns = useMemo(() => keyColumns((key) => { revoke.reset(); setRevoking(key) }), [revoke.reset])

  const confirmRevoke = () => {
    if (!revoking) return
    revoke.mutate({ params: { keyId: revoking.id } }, { onSuccess: () => setRevoking(null) })
  }

  return (
    <Panel title={`API keys (${environment})`}>
      <div className="stack">
        <p className="form__note">
          Keys authenticate calls to <code>/v1</code>: <code>sk_test_…</code> act in test, <code>sk_live_…</code> in live. Use the environment switch to manage the other environment&apos;s keys.
        </p>
        <CreateKeyForm />
        <QueryView query={keys} loadingLabel="Loading keys…" isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState title={`No API keys in ${environment}`}>Create one above.</EmptyState>}>
          {(data) => (
            <div className="panel-flush">
              <DataTable caption={`API keys (${environment})`} columns={columns} data={data.items} getRowId={keyId} preferencesKey="settings.keys" initialHidden={HIDDEN_KEY_COLUMNS} />
            </div>
          )}
        </QueryView>
      </div>
      <ConfirmDialog open={revoking !== null} title="Revoke this API key?" confirmLabel="Revoke key" tone="danger" busy={revoke.isPending}
        onConfirm={confirmRevoke} onCancel={() => setRevoking(null)}>
        <div className="stack">
          <p>
            <strong>{revoking?.label}</strong> (<code>{revoking?.prefix}</code>) stops working at once: every request with it gets
            401 <code>unauthorized</code>. This cannot be undone.
          </p>
          {revoke.isError ? <ErrorNotice error={revoke.error} title="The key was not revoked" /> : null}
        </div>
      </ConfirmDialog>
    </Panel>
  )
}

function CreateKeyForm() {
  const create = useCreateApiKey()
  const [label, setLabel] = useState('')
  const [labelError, setLabelError] = useState<string | undefined>()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (label.trim().length > LABEL_MAX_LENGTH) {
      setLabelError(`must be at most ${LABEL_MAX_LENGTH} characters`)
      return
    }
    create.mutate({ body: { label: optionalText(label) } }, {
      onSuccess: () => setLabel(''),
      onError: (error) => setLabelError(apiErrorToFieldErrors(error)['label']),
    })
  }

  return (
    <div className="stack">
      <form className="inline-form" onSubmit={submit} noValidate aria-label="Create an API key">
        <TextField label="Label" value={label} placeholder="e.g. Checkout service" autoComplete="off"
          onChange={(v) => { setLabel(v); setLabelError(undefined) }} error={labelError} hint="What uses the key, so you know which to revoke later." />
        <button type="submit" className="button button--primary" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </button>
      </form>
      {create.isError && !labelError ? <ErrorNotice error={create.error} title="The key was not created" /> : null}
      {create.data ? (
        <div className="notice new-key" role="alert" data-testid="new-api-key">
          <p className="notice__title">Copy your new key now: it will not be shown again</p>
          <p className="notice__message">Paydesk keeps only a hash of it. If you lose it, revoke it and create another.</p>
          <div className="secret">
            <code className="secret__value" data-testid="new-api-key-value">{create.data.key}</code>
            <CopyButton value={create.data.key} label="Copy API key" />
          </div>
          <div className="new-key__actions">
            <button type="button" className="button button--secondary button--small" onClick={() => create.reset()}>I have stored it</button>
          </div>
        </div>
      ) : null}
    </div>
  )
}
