import type { EvidenceBundle } from '../../../shared/schemas/evidence'
import type { SearchResult } from '../../../shared/schemas/console-support'
import type { Transaction } from '../../../shared/schemas/transaction'

/** Cents as people read them: `KES 1,500.00`. */
export function money(cents: number | null | undefined, currency = 'KES'): string {
  if (cents === null || cents === undefined) return '-'
  return `${currency} ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

const at = (ms: number) => new Date(ms).toISOString()

/** One line per transaction: id, type, amount, status, phone, reference. */
export function transactionLine(t: Transaction): string {
  const parts = [t.publicId, t.type, money(t.amount, t.currency), t.status]
  if (t.phoneNumber) parts.push(t.phoneNumber)
  if (t.merchantTransactionId) parts.push(`ref ${t.merchantTransactionId}`)
  if (t.processorReference) parts.push(`receipt ${t.processorReference}`)
  parts.push(at(t.createdAt))
  return parts.join(' | ')
}

export function searchText(result: SearchResult): string {
  const found = result.groups.reduce((sum, group) => sum + group.items.length, 0)
  if (found === 0) return `Nothing matched "${result.query}".`
  const lines = [`${found} transaction(s) matched "${result.query}"${result.understood.phoneNumber ? ` (phone ${result.understood.phoneNumber})` : ''}:`]
  for (const group of result.groups) {
    lines.push(`${group.label}${group.more ? ' (more matched; narrow the query)' : ''}`)
    for (const item of group.items) lines.push(`  ${transactionLine(item)}`)
  }
  return lines.join('\n')
}

/** A transaction's whole story in plain lines: what it is, what happened, where money went, who was told. */
export function storyText(bundle: EvidenceBundle): string {
  const t = bundle.transaction
  const lines = [transactionLine(t), `message: ${t.message ?? '-'}; fee ${money(bundle.feeTariff.fee)}; account ${bundle.accountNo}`, 'Timeline:']
  for (const entry of bundle.timeline) lines.push(`  ${at(entry.at)} ${entry.status}${entry.message ? `: ${entry.message}` : ''}`)
  lines.push('Ledger postings:')
  for (const posting of bundle.postings) lines.push(`  ${posting.accountNo} ${posting.bucket} ${posting.amount >= 0 ? '+' : ''}${money(posting.amount)}`)
  for (const related of bundle.related) lines.push(`Linked: ${transactionLine(related.transaction)}`)
  lines.push(`Webhooks (${bundle.webhooks.events.length} event(s)):`)
  for (const event of bundle.webhooks.events) {
    for (const delivery of event.deliveries) {
      const attempts = delivery.attempts.map((a) => a.responseStatus ?? a.error ?? '?').join(', ')
      lines.push(`  ${event.type} -> ${delivery.url}: ${delivery.status} (attempts: ${attempts || 'none yet'})`)
    }
    if (event.deliveries.length === 0) lines.push(`  ${event.type}: no endpoint to deliver to`)
  }
  for (const approval of bundle.approvals) {
    const decisions = approval.decisions.map((d) => `${d.decision} by ${d.actor.name} (${d.actor.role})`).join(', ')
    lines.push(`Approval ${approval.id}: ${approval.action} ${money(approval.amount)} asked by ${approval.requestedBy.name}, ${approval.status}${decisions ? `: ${decisions}` : ''}`)
  }
  lines.push(`Requests (${bundle.requests.length}):`)
  for (const request of bundle.requests) lines.push(`  ${at(request.at)} ${request.method} ${request.path}${request.query} -> ${request.status} (${request.requestId})`)
  return lines.join('\n')
}
