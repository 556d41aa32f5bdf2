import { useApiKeys, useConsoleInfo } from '../../api/hooks/console'
import { CopyButton } from '../../components/copy-button'
import { EmptyState } from '../../components/empty-state'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Tag } from '../../components/status-badge'
import { useEnvironment } from '../../stores/environment-store'
import { formatDateTime } from '../../lib/dates'

/** Where integrations point: the API URL, the environment and the API keys (prefixes; secrets are hashed). */
export function SandboxPanel() {
  const info = useConsoleInfo()
  const keys = useApiKeys()
  const environment = useEnvironment()
  const apiUrl = info.data?.httpUrl ? `${info.data.httpUrl}/v1` : null
  return (
    <Panel title="Sandbox">
      <div className="stack">
        <dl className="facts">
          <dt>API base URL</dt>
          <dd className="row">{apiUrl ? <><code>{apiUrl}</code><CopyButton value={apiUrl} label="Copy API base URL" /></> : 'Not served over HTTP (desktop only)'}</dd>
          <dt>Environment</dt>
          <dd><Tag tone={environment === 'live' ? 'warning' : 'info'}>{environment}</Tag></dd>
          <dt>Simulator</dt>
          <dd>{info.data?.simulatorMode ?? '—'}</dd>
          <dt>Organization</dt>
          <dd>{info.data ? `${info.data.organization.name}${info.data.organization.enterprise ? ' (enterprise)' : ''}` : '—'}</dd>
        </dl>
        <div>
          <h3 className="panel__title">API keys ({environment})</h3>
          <QueryView query={keys} loadingLabel="Loading keys…" isEmpty={(data) => data.items.length === 0} empty={<EmptyState title="No API keys in this environment">Create one under Settings.</EmptyState>}>
            {(data) => (
              <ul className="key-list">
                {data.items.map((key) => (
                  <li key={key.id} className="key-list__item">
                    <code>{key.prefix}…</code>
                    <span>{key.label}</span>
                    <span className="top-bar__meta">{key.revokedAt ? 'revoked' : key.lastUsedAt ? `used ${formatDateTime(key.lastUsedAt)}` : 'never used'}</span>
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        </div>
      </div>
    </Panel>
  )
}
