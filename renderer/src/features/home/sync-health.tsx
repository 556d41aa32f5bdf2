import { Fragment } from 'react'
import { useUpstreamStatus } from '../../api/hooks/upstream'
import { Link } from '../../lib/router'
import { PATHS } from '../../lib/paths'
import { Money } from '../../components/money'
import { Panel } from '../../components/panel'
import { useEnvironment } from '../../stores/environment-store'
import { mirrorsHere, syncedWords } from '../../lib/freshness'

/** Home, in a mirrored environment: how fresh the mirror is, the backfill, and the provider's own balances. */
export function SyncHealthPanel() {
  const status = useUpstreamStatus().data
  const environment = useEnvironment()
  if (!mirrorsHere(status, environment)) return null
  return (
    <Panel title="Provider sync" actions={<Link to={PATHS.providerChanges} className="button button--secondary button--small">Changes</Link>}>
      <dl className="facts" data-testid="sync-health">
        <dt>Freshness</dt><dd>{status.connected ? syncedWords(status) : 'not connected: read-only'}</dd>
        <dt>Backfill</dt><dd>{status.backfill ? (status.backfill.done ? `done, from ${status.backfill.from}` : `running, ${status.backfill.rows.toLocaleString('en-US')} rows so far`) : '—'}</dd>
        {status.lastError ? (<><dt>Last error</dt><dd className="provider-banner__error">{status.lastError}</dd></>) : null}
        {status.balances.map((balance) => (
          <Fragment key={balance.accountNo}>
            <dt>{balance.type} {balance.accountNo}</dt>
            <dd><Money minor={balance.available} /> available, <Money minor={balance.pending} /> pending</dd>
          </Fragment>
        ))}
      </dl>
    </Panel>
  )
}
