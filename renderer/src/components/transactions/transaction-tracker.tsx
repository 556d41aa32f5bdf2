import { useEffect, useRef } from 'react'
import type { Transaction } from '../../../../shared/schemas/transaction'
import { useSimulatorState } from '../../api/hooks/simulator'
import { isFinal } from '../../../../shared/transaction-states'
import { useTransaction, useTransactionDetail } from '../../api/hooks/transactions'
import { Link, pathTo } from '../../lib/router'
import { PATHS } from '../../lib/paths'
import { CopyButton } from '../copy-button'
import { ErrorNotice } from '../error-notice'
import { LoadingState } from '../loading-state'
import { Money } from '../money'
import { StatusBadge } from '../status-badge'
import { TRANSACTION_TYPE_LABELS } from '../../lib/transaction-labels'
import { FailureNotice } from './transaction-summary'
import { OutboxTracker } from '../upstream/outbox-tracker'

type StepState = 'done' | 'current' | 'failed' | 'todo'

/** The lifecycle shown as steps: a charge waits for the customer and later settles; payouts only process. */
function steps(tx: Transaction): { label: string; state: StepState }[] {
  const failed = tx.status === 'failed' || tx.status === 'rejected'
  const reached = { initiated: 0, pending: 1, completed: 2, settled: 3, failed: 2, rejected: 1 }[tx.status]
  const labels = tx.type === 'charge'
    ? ['Accepted', 'Waiting for the customer', failed ? 'Failed' : 'Completed', 'Settled']
    : ['Accepted', 'Processing', failed ? (tx.status === 'rejected' ? 'Rejected' : 'Failed') : 'Completed']
  return labels.map((label, index) => {
    if (failed && index === reached) return { label, state: 'failed' }
    if (index < reached || (index === reached && isFinal(tx))) return { label, state: 'done' }
    if (index === reached) return { label, state: 'current' }
    return { label, state: 'todo' }
  })
}

/**
 * A just-sent request. On an environment connected in operate mode the answer's id is an outbox row's
 * (`data.upstream.outboxId`): the money went to the provider, so the provider's answer is shown, never a
 * local transaction that does not exist.
 */
export function TransactionTracker({ transactionId, reveal = true }: { transactionId: string; reveal?: boolean }) {
  return transactionId.startsWith(OUTBOX_ID_PREFIX) ? <OutboxTracker outboxId={transactionId} /> : <LocalTracker transactionId={transactionId} reveal={reveal} />
}
const OUTBOX_ID_PREFIX = 'obx_'

/**
 * A just-sent transaction, kept live: push events refetch it on every status change (see
 * api/push-invalidation.ts) until it is final. Status changes are announced to screen readers.
 */
function LocalTracker({ transactionId, reveal }: { transactionId: string; reveal: boolean }) {
  const query = useTransaction(transactionId)
  const simulator = useSimulatorState()
  const failed = query.data?.status === 'failed' || query.data?.status === 'rejected'
  // Why it failed (result code, plain words, next step) is the console's own detail route.
  const failure = useTransactionDetail(transactionId, { enabled: failed }).data?.failure ?? null
  // The result of what was just sent comes into view once (below the form on a narrow screen, or scrolled away).
  const trackerRef = useRef<HTMLDivElement>(null)
  const loaded = query.data !== undefined
  useEffect(() => {
    if (loaded && reveal) trackerRef.current?.scrollIntoView({ block: 'nearest' })
  }, [loaded, reveal])
  if (query.isPending) return <LoadingState label="Loading the new transaction…" />
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
  const tx = query.data
  const settleSeconds = simulator.data ? Math.round(simulator.data.settlementDelayMs / 1000) : null
  return (
    <div className="tracker" data-testid="transaction-tracker" data-status={tx.status} ref={trackerRef}>
      <div className="row">
        <strong>{TRANSACTION_TYPE_LABELS[tx.type]}</strong>
        <StatusBadge status={tx.status} />
        <span className="visually-hidden" role="status" aria-live="polite">{`${TRANSACTION_TYPE_LABELS[tx.type]} ${tx.status}`}</span>
      </div>
      <ol className="tracker__steps" aria-label="Progress">
        {steps(tx).map((step) => (
          <li key={step.label} className={`tracker__step tracker__step--${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
            {step.label}
          </li>
        ))}
      </ol>
      {tx.type === 'charge' && tx.status === 'completed' && settleSeconds !== null ? (
        <p className="notice notice--info">Completed: the net amount is in collections <strong>pending</strong> and moves to <strong>available</strong> when it settles (about {settleSeconds} s in this simulator mode).</p>
      ) : null}
      {failed && failure ? <FailureNotice failure={failure} message={null} /> : null}
      <dl className="facts">
        <dt>Amount</dt><dd><Money minor={tx.amount} /></dd>
        <dt>Fees</dt><dd>{failed ? <span className="form__note">None: no money moved</span> : <Money minor={tx.fees} />}</dd>
        {tx.phoneNumber ? (<><dt>Phone</dt><dd>{tx.phoneNumber}</dd></>) : null}
        <dt>Merchant reference</dt><dd>{tx.merchantTransactionId ?? '—'}</dd>
        <dt>Receipt</dt><dd>{tx.processorReference ?? '—'}</dd>
        <dt>Message</dt><dd data-testid="transaction-message">{tx.message ?? '—'}</dd>
        <dt>Transaction</dt>
        <dd className="row">
          <Link to={pathTo(PATHS.transaction, { transactionId: tx.publicId })}><code>{tx.publicId}</code></Link>
          <CopyButton value={tx.publicId} label="Copy transaction id" />
        </dd>
      </dl>
    </div>
  )
}
