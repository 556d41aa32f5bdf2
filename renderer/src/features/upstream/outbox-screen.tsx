import type { ReactNode } from 'react'
import type { z } from 'zod'
import type { OutboxListSchema } from '../../../../shared/schemas/upstream-outbox'
import { useOutbox } from '../../api/hooks/upstream'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Timestamp } from '../../components/timestamp'
import { OutboxRowItem } from './outbox-row'

type Sending = NonNullable<z.infer<typeof OutboxListSchema>['sending']>

/** What the sender says about why nothing may be leaving: the breaker, a refused key, rows left sent by a stop. */
function SenderNotice({ sending }: { sending: Sending | null }) {
  if (sending === null) return <p className="notice notice--info" data-testid="outbox-sender">No sender runs for this environment: it is not connected to a provider account in operate mode.</p>
  const words: ReactNode[] = []
  if (sending.pausedUntil !== null) words.push(<span key="paused">The provider asked to slow down (429): every call waits until <Timestamp ms={sending.pausedUntil} /> (its Retry-After).</span>)
  if (sending.keyRefusedAt !== null) words.push(<span key="key">The provider refused the key (since <Timestamp ms={sending.keyRefusedAt} />): nothing is sent until a new key is given in Settings.</span>)
  if (sending.breakerOpenSince !== null) {
    words.push(<span key="breaker">Sending stopped after failures in a row (breaker open since <Timestamp ms={sending.breakerOpenSince} />){sending.probeAt !== null ? <>; the next probe goes at <Timestamp ms={sending.probeAt} /></> : null}. Queued rows wait.</span>)
  }
  if (sending.recovering > 0) words.push(<span key="recover">{sending.recovering} row(s) a stop left sent are being settled before anything new leaves.</span>)
  if (words.length === 0) return <p className="notice notice--success" data-testid="outbox-sender">Sending normally{sending.inFlight > 0 ? ` (${sending.inFlight} in flight)` : ''}.</p>
  return <div className="notice notice--error stack" role="status" data-testid="outbox-sender">{words}</div>
}

/**
 * Money sent (or to be sent) to the provider in operate mode: needs review first, then unknown, then the
 * rest, each row with its attempts (docs/upstream.md "Sending money").
 */
export function OutboxScreen() {
  const outbox = useOutbox()
  return (
    <>
      <PageHeader title="Outbox" description="Every request sent to the provider from this console: needs review first, then unknown, then the rest. Open a row for what was sent and what the provider answered." />
      <QueryView query={outbox} loadingLabel="Loading the outbox…">
        {(data) => (
          <div className="stack">
            <SenderNotice sending={data.sending} />
            <p className="field__hint" data-testid="outbox-counts">
              {`${data.counts.needs_review} need review · ${data.counts.unknown} unknown · ${data.counts.queued + data.counts.sent} on their way · ${data.counts.accepted} accepted · ${data.counts.rejected} rejected · ${data.counts.closed} closed`}
            </p>
            <Panel title="Requests to the provider">
              {data.items.length === 0
                ? <EmptyState title="Nothing sent to the provider yet">Payouts, charges, bank transfers and reversals made here in operate mode appear here.</EmptyState>
                : <ul className="plain-list stack" aria-label="Outbox rows">{data.items.map((row) => <OutboxRowItem key={row.id} row={row} />)}</ul>}
            </Panel>
          </div>
        )}
      </QueryView>
    </>
  )
}
