import type { PayoutBatchRowStatus, PayoutBatchStatus } from '../../../../../shared/schemas/payout-batches'
import type { Tone } from '../../../components/status-badge'


export const BATCH_STATUS: Record<PayoutBatchStatus, { label: string; tone: Tone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  invalid: { label: 'Invalid', tone: 'danger' },
  awaiting_approval: { label: 'Awaiting approval', tone: 'warning' },
  scheduled: { label: 'Scheduled', tone: 'info' },
  running: { label: 'Running', tone: 'info' },
  completed: { label: 'Completed', tone: 'success' },
  completed_with_failures: { label: 'Completed with failures', tone: 'warning' },
}

export const ROW_STATUS: Record<PayoutBatchRowStatus, { label: string; tone: Tone }> = {
  valid: { label: 'Valid', tone: 'neutral' },
  invalid: { label: 'Invalid', tone: 'danger' },
  queued: { label: 'Queued', tone: 'neutral' },
  processing: { label: 'Processing', tone: 'info' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
}

/** The file a merchant fills in: every column the upload reads, a phone row and a bank row. */
export const PAYOUT_TEMPLATE = [
  'type,phoneNumber,amount,reference,narration,bankCode,accountNumber,accountName,invoice,pin',
  'mobile,0712345678,"1,500.00",SAL-2026-001,March salary,,,,,',
  'bank,,"25,000",SUP-2026-017,Invoice 17,01,1234567890,Jane Wanjiku,KRACU0100000001/17,P051234567Q',
  '',
].join('\r\n')
