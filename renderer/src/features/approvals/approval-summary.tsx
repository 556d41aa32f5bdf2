import type { Approval } from '../../../../shared/schemas/team'
import { Money } from '../../components/money'

/** What the maker saw in the confirmation, in one plain line: the approver judges the same facts. */
export function ApprovalSummary({ approval }: { approval: Approval }) {
  const summary = approval.summary
  if (!summary) return null
  if (summary.rows !== undefined) {
    return (
      <span data-testid="approval-summary">
        {summary.rows} rows · total <Money minor={summary.total ?? summary.amount} /> · fees <Money minor={summary.fees ?? 0} />
      </span>
    )
  }
  const recipient = summary.phoneNumber ?? summary.accountId ?? '—'
  return (
    <span data-testid="approval-summary">
      To <strong>{recipient}</strong>{summary.recipientName ? <> ({summary.recipientName})</> : null} · <Money minor={summary.amount} />
      {summary.fee !== null ? <> + fee <Money minor={summary.fee} /></> : null}
      {summary.merchantTransactionId ? <> · reference <code>{summary.merchantTransactionId}</code></> : null}
      {summary.narration ? <> · “{summary.narration}”</> : null}
    </span>
  )
}
