import { useRef } from 'react'
import type { Approval } from '../../../../shared/schemas/team'
import { useApprovals } from '../../api/hooks/team'
import { PATHS } from '../../lib/paths'
import { Link, pathTo } from '../../lib/router'
import { EmptyState } from '../../components/empty-state'
import { Money } from '../../components/money'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Tag } from '../../components/status-badge'
import { Timestamp } from '../../components/timestamp'
import { ApprovalSummary } from './approval-summary'
import { Decide } from './approval-decide'
import { APPROVAL_ACTION_LABELS, approvalWords } from '../../lib/approval-labels'

const STATUS_TONES = { pending: 'warning', approved: 'success', rejected: 'danger', expired: 'neutral' } as const

/**
 * The approvals inbox: money requests the approval policy held, pending first (oldest first), then the
 * decided ones. Approvers approve, or reject with a reason; nobody decides their own request.
 */
export function ApprovalsScreen() {
  const approvals = useApprovals()
  const order = useRef<string[]>([])
  // A decided card stays where it was (marked by its status) until the list is refreshed: new ones go last.
  const steady = (items: readonly Approval[]) => {
    const known = new Map(items.map((item) => [item.id, item]))
    const kept = order.current.filter((id) => known.has(id))
    order.current = [...kept, ...items.map((item) => item.id).filter((id) => !kept.includes(id))]
    return order.current.map((id) => known.get(id)!)
  }
  const refresh = () => {
    order.current = []
    void approvals.refetch()
  }
  return (
    <>
      <PageHeader title="Approvals" description="Money requests held by the approval policy: what, how much and who asked. The last approval needed sends the request, once, as the requester's." />
      <Panel title="Requests" actions={<button type="button" className="button button--secondary button--small" onClick={refresh}>Refresh</button>}>
        <QueryView query={approvals} loadingLabel="Loading approvals…" isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState title="Nothing waits for approval">A request held by the approval policy (Settings → Team) shows up here.</EmptyState>}>
          {(data) => <ul className="plain-list" aria-label="Approvals">{steady(data.items).map((approval) => <ApprovalRow key={approval.id} approval={approval} />)}</ul>}
        </QueryView>
      </Panel>
    </>
  )
}

/** A held bulk payout names its batch (the request's body): the approver opens it to see every row first. */
function HeldBatch({ approval }: { approval: Approval }) {
  const body = approval.request.body as { batchId?: unknown; name?: unknown; rows?: unknown } | null
  if (approval.action !== 'bulk-payout' || typeof body?.batchId !== 'string') return null
  return (
    <span>Batch <Link to={pathTo(PATHS.payoutBatch, { batchId: body.batchId })}>{typeof body.name === 'string' ? body.name : body.batchId}</Link>
      {typeof body.rows === 'number' ? `, ${body.rows} rows` : ''}</span>
  )
}

function ApprovalRow({ approval }: { approval: Approval }) {
  const decided = approval.decisions.filter((d) => d.decision === 'approve').length
  const card = useRef<HTMLLIElement>(null)
  return (
    <li className="approval-row" data-testid="approval" data-approval-id={approval.id} data-status={approval.status} ref={card} tabIndex={-1}
      aria-label={`${approvalWords(approval)} by ${approval.requestedBy.name}: ${approval.status}`}>
      <div className="stack stack--tight">
        <div className="row">
          {approval.action === 'upstream-operate' ? <strong>{approvalWords(approval)}</strong> : <><strong>{APPROVAL_ACTION_LABELS[approval.action]}</strong> <Money minor={approval.amount} /></>}
          <Tag tone={STATUS_TONES[approval.status]}>{approval.status}</Tag>
          <Tag tone={approval.environment === 'live' ? 'warning' : 'neutral'}>{approval.environment}</Tag>
        </div>
        <span className="form__note">
          Asked by <strong>{approval.requestedBy.name}</strong> ({approval.requestedBy.role}) <Timestamp ms={approval.requestedAt} />
          {approval.status === 'pending' ? <> · {decided} of {approval.approvalsRequired} approvals · expires <Timestamp ms={approval.expiresAt} /></> : null}
        </span>
        {approval.decisions.map((d) => (
          <span key={`${d.actor.id}-${d.at}`} className="form__note">{d.decision === 'approve' ? 'Approved' : 'Rejected'} by {d.actor.name}{d.reason ? `: “${d.reason}”` : ''}</span>
        ))}
        <ApprovalSummary approval={approval} />
        <HeldBatch approval={approval} />
        {approval.cannotRun ? <span className="notice notice--error" data-testid="approval-cannot-run">Cannot run now: {approval.cannotRun}</span> : null}
        {approval.transactionId ? (
          <span>Sent: <Link to={pathTo(PATHS.transaction, { transactionId: approval.transactionId })}><code>{approval.transactionId}</code></Link></span>
        ) : null}
        {approval.refusal ? <span className="notice notice--error">Refused when it ran: {approval.refusal.message}</span> : null}
      </div>
      {approval.status === 'pending' ? <Decide approval={approval} cardRef={card} /> : null}
    </li>
  )
}
