import { useId, useState } from 'react'
import type { OutboxRow } from '../../../../shared/schemas/upstream-outbox'
import { useCloseOutboxRow, useOutboxRow, useResolveOutboxRow } from '../../api/hooks/upstream'
import { useCan } from '../../api/hooks/team'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ErrorNotice } from '../../components/error-notice'
import { LoadingState } from '../../components/loading-state'
import { Money } from '../../components/money'
import { Timestamp } from '../../components/timestamp'
import { OutboxAttempts, OutboxStateBadge, outboxRouteLabel } from '../../components/upstream/outbox-parts'
import { PATHS } from '../../lib/paths'
import { Link, pathTo } from '../../lib/router'

/** Rows an operator may act on (the routes answer 409 for the others). */
const OPEN = new Set(['unknown', 'needs_review'])

/** What was sent (byte for byte on every attempt) and every answer; loaded when the row is opened. */
function RowAttempts({ row }: { row: OutboxRow }) {
  const detail = useOutboxRow(row.id)
  return (
    <div className="stack">
      <pre className="code-block" tabIndex={0} aria-label="What is sent on every attempt">{JSON.stringify(row.body, null, 2)}</pre>
      <p className="field__hint">Idempotency-Key <code>{row.idempotencyKey}</code> · body SHA-256 <code>{row.bodySha256.slice(0, 16)}…</code></p>
      {detail.isPending ? <LoadingState compact label="Loading the attempts…" /> : detail.isError
        ? <ErrorNotice error={detail.error} onRetry={() => void detail.refetch()} />
        : <OutboxAttempts attempts={detail.data.attemptLog} />}
    </div>
  )
}

/** Look it up now (anyone who may send money) and Close… with a note (an approver or owner). */
function RowActions({ row }: { row: OutboxRow }) {
  const canResolve = useCan('payments.create')
  const canClose = useCan('approvals.decide')
  const resolve = useResolveOutboxRow()
  const close = useCloseOutboxRow()
  const [closing, setClosing] = useState(false)
  const [note, setNote] = useState('')
  const noteId = useId()
  if (!OPEN.has(row.state) || (!canResolve && !canClose)) return null
  const submitClose = () => close.mutate({ params: { id: row.id }, body: { note } }, { onSuccess: () => { setClosing(false); setNote('') } })
  return (
    <div className="stack">
      <div className="row">
        {canResolve ? <button type="button" className="button button--secondary button--small" disabled={resolve.isPending} onClick={() => resolve.mutate({ params: { id: row.id } })}>Look it up now</button> : null}
        {canClose ? <button type="button" className="button button--secondary button--small" onClick={() => setClosing(true)}>Close…</button> : null}
      </div>
      {resolve.isError ? <ErrorNotice error={resolve.error} /> : null}
      <ConfirmDialog open={closing} title={`Close ${row.merchantTransactionId}`} confirmLabel="Close the row" tone="danger" busy={close.isPending}
        onConfirm={submitClose} onCancel={() => { setClosing(false); close.reset() }}>
        <p>Nothing more is sent or looked up for it. Say what the provider confirmed.</p>
        <label className="field" htmlFor={noteId}>
          <span className="field__label">Note</span>
          <textarea id={noteId} className="input" rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
        </label>
        {close.isError ? <ErrorNotice error={close.error} /> : null}
      </ConfirmDialog>
    </div>
  )
}

/** One outbox row: reference, route, amount, state, attempts, last error, the provider's id; its attempts behind a disclosure. */
export function OutboxRowItem({ row }: { row: OutboxRow }) {
  const [open, setOpen] = useState(false)
  const amount = typeof row.body['amount'] === 'number' ? row.body['amount'] : null
  return (
    <li className="panel" data-testid="outbox-row" data-state={row.state}><div className="panel__body stack">
      <div className="row">
        <strong><code>{row.merchantTransactionId}</code></strong>
        <span>{outboxRouteLabel(row.route)}</span>
        {amount !== null ? <Money minor={amount} /> : null}
        <OutboxStateBadge state={row.state} />
      </div>
      <dl className="facts">
        <dt>Attempts</dt><dd>{row.attempts}</dd>
        <dt>Provider&apos;s id</dt>
        <dd>{row.transactionId ? <Link to={pathTo(PATHS.transaction, { transactionId: row.transactionId })}><code>{row.transactionId}</code></Link> : '—'}</dd>
        {row.lastError ? <><dt>Last error</dt><dd>{row.lastError}</dd></> : null}
        {row.closedNote ? <><dt>Closed</dt><dd>{row.closedNote}</dd></> : null}
        <dt>Updated</dt><dd><Timestamp ms={row.updatedAt} /></dd>
      </dl>
      <RowActions row={row} />
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>What was sent and what the provider answered</summary>
        {open ? <RowAttempts row={row} /> : null}
      </details>
    </div></li>
  )
}
