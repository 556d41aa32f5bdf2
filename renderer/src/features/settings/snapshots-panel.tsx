import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { SNAPSHOT_NAME } from '../../../../shared/schemas/snapshots'
import type { Snapshot } from '../../../../shared/schemas/snapshots'
import { API_QUERY_ROOT } from '../../api/query-keys'
import { useApiMutation, useApiQuery } from '../../api/use-api'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { EmptyState } from '../../components/empty-state'
import { ErrorNotice } from '../../components/error-notice'
import { TextField } from '../../components/fields/text-field'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Timestamp } from '../../components/timestamp'
import { apiErrorToFieldErrors } from '../../forms/field-errors'

/**
 * Snapshots of the whole sandbox (every organization, both environments): save the state now, and put it
 * back later (docs/api.md "Snapshots"). A restore replaces everything the console shows, so every cached
 * answer of both environments is refetched afterwards.
 */
export function SnapshotsPanel() {
  const queryClient = useQueryClient()
  const snapshots = useApiQuery('console.snapshots.list', {})
  const restore = useApiMutation('console.snapshots.restore', {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [API_QUERY_ROOT] }),
  })
  const remove = useApiMutation('console.snapshots.delete', { invalidates: ['console.snapshots.list'] })
  const [restoring, setRestoring] = useState<Snapshot | null>(null)
  const confirm = () => {
    if (restoring) restore.mutate({ params: { name: restoring.name } }, { onSuccess: () => setRestoring(null) })
  }
  return (
    <Panel title="Snapshots">
      <div className="stack">
        <p className="form__note">
          A snapshot holds the whole sandbox: every organization, both environments, pending webhooks and simulator timers.
          Restoring puts it all back at once (the console token and the simulated clock stay). Also from a shell:
          {' '}<code>paydesk snapshot save|restore|list</code>.
        </p>
        <SaveSnapshotForm />
        <span className="form__note" role="status" data-testid="snapshot-result">
          {restore.data ? `Restored ${restore.data.snapshot.name}: ${restore.data.tables['transactions'] ?? 0} transactions.` : ''}
        </span>
        <QueryView query={snapshots} loadingLabel="Loading snapshots…" isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState title="No snapshots yet">Save one above.</EmptyState>}>
          {(data) => (
            <table className="simple-table" aria-label="Snapshots">
              <thead><tr><th scope="col">Name</th><th scope="col">Saved</th><th scope="col">Size</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {data.items.map((snapshot) => (
                  <tr key={snapshot.name}>
                    <td><code>{snapshot.name}</code></td>
                    <td><Timestamp ms={snapshot.createdAt} /></td>
                    <td>{(snapshot.sizeBytes / 1024).toFixed(0)} KiB</td>
                    <td className="row">
                      <button type="button" className="button button--secondary button--small" aria-label={`Restore ${snapshot.name}`}
                        onClick={() => { restore.reset(); setRestoring(snapshot) }}>Restore…</button>
                      <button type="button" className="button button--ghost button--small danger-action" aria-label={`Delete snapshot ${snapshot.name}`}
                        disabled={remove.isPending} onClick={() => remove.mutate({ params: { name: snapshot.name } })}>Delete</button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </QueryView>
        {remove.isError ? <ErrorNotice error={remove.error} title="The snapshot was not deleted" /> : null}
      </div>
      <ConfirmDialog open={restoring !== null} title={`Restore ${restoring?.name ?? ''}?`} confirmLabel="Restore snapshot" tone="danger"
        busy={restore.isPending} onConfirm={confirm} onCancel={() => setRestoring(null)}>
        <div className="stack">
          <p>Everything in the sandbox since this snapshot was saved is replaced by its state: transactions, balances, keys, organizations, webhooks. Keys revoked and webhook secrets rotated since stay so. Save a snapshot first if you want to come back.</p>
          {restore.isError ? <ErrorNotice error={restore.error} title="The snapshot was not restored" /> : null}
        </div>
      </ConfirmDialog>
    </Panel>
  )
}

function SaveSnapshotForm() {
  const save = useApiMutation('console.snapshots.save', { invalidates: ['console.snapshots.list'] })
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!SNAPSHOT_NAME.test(name) || name.includes('..')) {
      setError('use 1-64 letters, digits, _, - or ., starting with a letter or digit')
      return
    }
    save.mutate({ body: { name } }, { onSuccess: () => setName(''), onError: (failure) => setError(apiErrorToFieldErrors(failure)['name']) })
  }
  return (
    <div className="stack">
      <form className="inline-form" onSubmit={submit} noValidate aria-label="Save a snapshot">
        <TextField label="Snapshot name" value={name} placeholder="e.g. baseline" autoComplete="off"
          onChange={(value) => { setName(value); setError(undefined) }} error={error} hint="Saving under an existing name replaces that snapshot." />
        <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save snapshot'}
        </button>
      </form>
      {save.isError && !error ? <ErrorNotice error={save.error} title="The snapshot was not saved" /> : null}
      {save.data ? <p className="form__note" role="status">Saved {save.data.name}.</p> : null}
    </div>
  )
}
