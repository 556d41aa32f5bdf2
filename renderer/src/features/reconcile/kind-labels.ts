import type { ReconciliationItemKind } from '../../../../shared/schemas/reconciliations'

export const KIND_LABELS: Record<ReconciliationItemKind, string> = {
  matched: 'Matched',
  amount_mismatch: 'Amount differs',
  missing_in_paydesk: 'Missing in Paydesk',
  missing_in_file: 'Missing in file',
  duplicate: 'Duplicate',
  ambiguous: 'Ambiguous',
}

export const KIND_TONES: Record<ReconciliationItemKind, 'success' | 'warning' | 'danger' | 'info'> = {
  matched: 'success',
  amount_mismatch: 'warning',
  missing_in_paydesk: 'danger',
  missing_in_file: 'danger',
  duplicate: 'warning',
  ambiguous: 'info',
}
