import { useState } from 'react'
import type { UpstreamStatus } from '../../../../shared/schemas/upstream'
import { useStartUpstreamSync, useUpstreamStatus, useUpstreamSyncJob } from '../../api/hooks/upstream'
import { Can } from '../../components/can'
import { ErrorNotice } from '../../components/error-notice'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Timestamp } from '../../components/timestamp'
import { useEnvironment } from '../../stores/environment-store'
import { DesktopProviderForm } from './desktop-provider-form'
import { modeWords, OperateApproval } from './operate-approval'
import { mirrorsHere, syncedWords } from '../../lib/freshness'
import '../../components/upstream.css'

/**
 * Settings → Provider connection: which provider account this environment mirrors, how fresh it is, and a
 * test of the connection (one sync, now). A headless Paydesk connects with its --upstream flags; the key
 * never passes through the console (docs/upstream.md).
 */
export function ProviderConnectionPanel() {
  const status = useUpstreamStatus()
  const environment = useEnvironment()
  return (
    <Panel title="Provider connection">
      <QueryView query={status} loadingLabel="Loading the provider connection…">
        {(data) => (
          <div className="stack">
            {mirrorsHere(data, environment) ? <ConnectionFacts status={data} /> : <NotConnected status={data} />}
            <Can permission="settings.manage"><DesktopProviderForm connected={data.connected} /></Can>
          </div>
        )}
      </QueryView>
    </Panel>
  )
}

function NotConnected({ status }: { status: UpstreamStatus }) {
  return (
    <div className="stack">
      {status.environment ? <p>The provider account is mirrored in the <strong>{status.environment}</strong> environment: switch to it to see the connection.</p> : null}
      <p>
        This environment is a sandbox. To mirror your real provider account, connect it below in the desktop app, or start a headless
        Paydesk with <code>--upstream URL</code> and <code>--upstream-key-file PATH</code> (or the key in <code>PAYDESK_UPSTREAM_KEY</code>);
        the environment the key names then mirrors the account.
      </p>
    </div>
  )
}

function ConnectionFacts({ status }: { status: UpstreamStatus }) {
  return (
    <div className="stack">
      <dl className="facts" data-testid="provider-connection">
        <dt>Provider</dt><dd><code>{status.url}</code></dd>
        <dt>State</dt><dd>{status.connected ? `Connected, ${syncedWords(status)}` : 'Not connected: the mirror is read-only'}</dd>
        <dt>Key</dt><dd><code>{status.keyFingerprint}</code> (kept outside the database)</dd>
        <dt>Mode</dt><dd data-testid="provider-mode">{modeWords(status)}</dd>
        <dt>Last sync</dt><dd><Timestamp ms={status.lastSyncAt} /></dd>
        <dt>Backfill</dt><dd>{status.backfill ? `from ${status.backfill.from}: ${status.backfill.done ? 'done' : 'running'}, ${status.backfill.rows.toLocaleString('en-US')} rows` : '—'}</dd>
        <dt>Requests</dt><dd>{status.budget ? `${status.budget.usedLastMinute} in the last minute, of ${status.budget.perMinute}` : '—'}</dd>
        {status.lastError ? (<><dt>Last error</dt><dd className="provider-banner__error">{status.lastError}</dd></>) : null}
      </dl>
      <OperateApproval status={status} />
      {status.connected ? <Can permission="settings.manage"><TestConnection /></Can> : null}
    </div>
  )
}

/** One sync now: the answer says whether the provider answered, with how many rows and requests. */
function TestConnection() {
  const start = useStartUpstreamSync()
  const [jobId, setJobId] = useState<string | null>(null)
  const job = useUpstreamSyncJob(jobId)
  const outcome = job.data
  const running = start.isPending || (jobId !== null && (!outcome || outcome.status === 'queued' || outcome.status === 'running'))
  return (
    <div className="stack">
      {start.isError ? <ErrorNotice error={start.error} /> : null}
      <div>
        <button type="button" className="button button--secondary" disabled={running} aria-busy={running}
          onClick={() => start.mutate({ body: {} }, { onSuccess: (started) => setJobId(started.jobId) })}>
          Test the connection
        </button>
      </div>
      <p className="form__note" role="status" data-testid="provider-test-result">
        {outcome?.status === 'done' ? `The provider answered: ${outcome.rows.toLocaleString('en-US')} rows read with ${outcome.requests} requests.` : ''}
        {outcome?.status === 'failed' ? `The provider could not be read: ${outcome.error}` : ''}
        {running && jobId !== null ? 'Syncing…' : ''}
      </p>
    </div>
  )
}
