import type { ReconciliationSummary } from '../../../../shared/schemas/reconciliations'
import type { ItemFilter } from '../../api/hooks/reconciliations'

const CARDS: { filter: ItemFilter; label: string; count(summary: ReconciliationSummary, exceptions: number): number; tone: string }[] = [
  { filter: 'exceptions', label: 'Exceptions', count: (_, exceptions) => exceptions, tone: 'danger' },
  { filter: 'matched', label: 'Matched', count: (s) => s.matched, tone: 'success' },
  { filter: 'amount_mismatch', label: 'Amount differs', count: (s) => s.amountMismatch, tone: 'warning' },
  { filter: 'missing_in_paydesk', label: 'Missing in Paydesk', count: (s) => s.missingInPaydesk, tone: 'danger' },
  { filter: 'missing_in_file', label: 'Missing in file', count: (s) => s.missingInFile, tone: 'danger' },
  { filter: 'duplicate', label: 'Duplicates', count: (s) => s.duplicates, tone: 'warning' },
  { filter: 'ambiguous', label: 'Ambiguous', count: (s) => s.ambiguous, tone: 'info' },
  { filter: 'all', label: 'File rows', count: (s) => s.fileRows, tone: 'neutral' },
]

/** The summary as cards; each one shows its items below (aria-pressed marks the one shown). */
export function SummaryCards({ summary, exceptions, filter, onFilter }: {
  summary: ReconciliationSummary; exceptions: number; filter: ItemFilter; onFilter(filter: ItemFilter): void
}) {
  return (
    <ul className="summary-cards" aria-label="Summary">
      {CARDS.map((card) => (
        <li key={card.filter}>
          <button type="button" className={`summary-card summary-card--${card.tone}`} aria-pressed={filter === card.filter} onClick={() => onFilter(card.filter)}
            data-testid={`summary-${card.filter}`}>
            <span className="summary-card__count">{card.count(summary, exceptions).toLocaleString()}</span>
            <span className="summary-card__label">{card.label}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
