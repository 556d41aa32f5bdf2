import { useOutboxRow } from '../../api/hooks/upstream'
import { Link, pathTo } from '../../lib/router'
import { PATHS } from '../../lib/paths'
import { ErrorNotice } from '../error-notice'
import { LoadingState } from '../loading-state'
import { OutboxAttempts, OutboxStateBadge, outboxRouteLabel } from './outbox-parts'

/**
 * A request just sent on an environment connected in operate mode: it went to the provider (an outbox row),
 * so what the console shows is the provider's answer, not a local transaction (docs/upstream.md "Sending money").
 */
export function OutboxTracker({ outboxId }: { outboxId: string }) {
  const query = useOutboxRow(outboxId)
  if (query.isPending) return <LoadingState label="Loading what the provider answered…" />
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
  const row = query.data
  return (
    <div className="tracker stack" data-testid="outbox-tracker" data-state={row.state}>
      <div className="row">
        <strong>{outboxRouteLabel(row.route)} sent to the provider</strong>
        <OutboxStateBadge state={row.state} />
        <span className="visually-hidden" role="status" aria-live="polite">{`Sent to the provider: ${row.state}`}</span>
      </div>
      <dl className="facts">
        <dt>Reference</dt><dd><code>{row.merchantTransactionId}</code></dd>
        <dt>Provider&apos;s id</dt>
        <dd>{row.transactionId ? <Link to={pathTo(PATHS.transaction, { transactionId: row.transactionId })}><code>{row.transactionId}</code></Link> : 'not known yet'}</dd>
        {row.lastError ? <><dt>Provider said</dt><dd>{row.lastError}</dd></> : null}
      </dl>
      <OutboxAttempts attempts={row.attemptLog} />
      <Link to={PATHS.upstreamOutbox}>Open the outbox</Link>
    </div>
  )
}
