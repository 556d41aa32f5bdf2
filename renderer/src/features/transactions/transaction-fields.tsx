import type { TransactionDetail } from '../../../../shared/schemas/console-transactions'
import { PATHS } from '../../lib/paths'
import { Link, pathTo } from '../../lib/router'
import { CopyButton } from '../../components/copy-button'
import { Money } from '../../components/money'
import { Tag, TransactionStatusBadge } from '../../components/status-badge'
import { Timestamp } from '../../components/timestamp'
import { TAX_INVOICE_KEYS, taxInvoiceNumberOf } from '../../../../shared/tax-invoice'
import { TRANSACTION_TYPE_LABELS } from '../../lib/transaction-labels'
import { reversalOf } from '../../components/transactions/transaction-summary'

const PAYMENT_METHODS = { mobile_money: 'Mobile money', bank: 'Bank' } as const
const PROCESSORS = { mobile: 'Mobile network (M-Pesa)', partnerbank: 'Partner bank' } as const

/** Text or a dash, with a copy button for values people paste elsewhere (references, receipts). */
function Value({ text, copyLabel }: { text: string | null; copyLabel?: string }) {
  if (text === null || text === '') return <>—</>
  return copyLabel ? <span className="row"><code>{text}</code><CopyButton value={text} label={copyLabel} /></span> : <>{text}</>
}

/** The buyer's and seller's KRA PINs of the tax-invoice convention, when the payment carries them. */
function KraPins({ metadata }: { metadata: Record<string, unknown> | null }) {
  const pins = ([['Buyer KRA PIN', TAX_INVOICE_KEYS.buyerPin], ['Seller KRA PIN', TAX_INVOICE_KEYS.sellerPin]] as const)
    .filter(([, key]) => typeof metadata?.[key] === 'string')
  return <>{pins.map(([label, key]) => <div key={key} className="facts__pair"><dt>{label}</dt><dd><code>{String(metadata![key])}</code></dd></div>)}</>
}

/** Fees and charged amount of a transaction that moved no money: the API still carries them, nothing was taken. */
const NOTHING_TAKEN = <span className="form__note">None: no money moved</span>

/**
 * Every field of the transaction (spec 2.1 shape) plus the account it moved, money via <Money/>. A failed
 * or refused one shows its result code and no fee or charged amount, as nothing was taken.
 */
export function TransactionFields({ detail }: { detail: TransactionDetail }) {
  const tx = detail.transaction
  const moved = detail.failure === null
  // A completed reversal gave the customer the full amount back and the merchant its fee (transaction-summary.tsx).
  const reversal = reversalOf(detail)
  const refunded = reversal !== null && (reversal.status === 'completed' || reversal.status === 'settled')
  return (
    <dl className="facts transaction-fields" data-testid="transaction-fields">
      <dt>Status</dt><dd><TransactionStatusBadge tx={{ status: tx.status, reversal: reversalOf(detail) }} /></dd>
      {detail.failure ? <><dt>Result code</dt><dd><code>{detail.failure.resultCode ?? 'none'}</code> {detail.failure.reason}</dd></> : null}
      <dt>Type</dt><dd title={`API type: ${tx.type}`}>{TRANSACTION_TYPE_LABELS[tx.type]}</dd>
      <dt>Amount</dt><dd><Money minor={tx.amount} currency={tx.currency} /></dd>
      <dt>Fees</dt><dd data-testid="transaction-fees">{moved ? <Money minor={tx.fees} currency={tx.currency} /> : NOTHING_TAKEN}{refunded ? <span className="form__note"> refunded with the reversal</span> : null}</dd>
      <dt>Charged amount</dt><dd>{moved ? <Money minor={tx.chargedAmount} currency={tx.currency} /> : NOTHING_TAKEN}</dd>
      <dt>Currency</dt><dd>{tx.currency}</dd>
      <dt>Account</dt>
      <dd className="row"><code>{detail.accountNo}</code><Tag tone={tx.accountType === 'collections' ? 'success' : 'info'}>{tx.accountType}</Tag></dd>
      <dt>Merchant reference</dt><dd><Value text={tx.merchantTransactionId} copyLabel="Copy merchant reference" /></dd>
      <dt>Receipt</dt><dd><Value text={tx.processorReference} copyLabel="Copy receipt" /></dd>
      <dt>Tax invoice</dt><dd data-testid="transaction-tax-invoice"><Value text={taxInvoiceNumberOf(tx.metadata)} copyLabel="Copy tax invoice number" /></dd>
      <KraPins metadata={tx.metadata} />
      <dt>Phone</dt>
      <dd>{tx.phoneNumber ? <Link to={pathTo(PATHS.customer, { phoneNumber: tx.phoneNumber })} title="Open the customer view">{tx.phoneNumber}</Link> : '—'}</dd>
      <dt>Payment method</dt><dd>{PAYMENT_METHODS[tx.paymentMethod]}</dd>
      <dt>Processor</dt><dd>{PROCESSORS[tx.processor]}</dd>
      <dt>Narration</dt><dd><Value text={tx.narration} /></dd>
      <dt>Message</dt><dd data-testid="transaction-message"><Value text={tx.message} /></dd>
      <dt>Customer id</dt><dd><Value text={tx.customerId} /></dd>
      <dt>Sub-merchant id</dt><dd><Value text={tx.subMerchantId} /></dd>
      <dt>Created</dt><dd><Timestamp ms={tx.createdAt} /></dd>
      <dt>Updated</dt><dd><Timestamp ms={tx.updatedAt} /></dd>
    </dl>
  )
}

const SUB_MERCHANT_LABELS: Record<string, string> = {
  name: 'Name', legalName: 'Legal name', businessType: 'Business type', email: 'Email', phoneNumber: 'Phone',
  businessCertNo: 'Business certificate', taxId: 'Tax id', economicSector: 'Economic sector', riskLevel: 'Risk level',
}

/** A free-form value as text: strings as they are, anything else as JSON. */
function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** Key/value pairs as a definition list, or a sentence when there are none. */
export function RecordFacts({ record, labels = {}, empty, testId }: { record: Record<string, unknown> | null; labels?: Record<string, string>; empty: string; testId?: string }) {
  const entries = Object.entries(record ?? {}).filter(([, value]) => value !== undefined)
  if (entries.length === 0) return <p className="form__note" data-testid={testId}>{empty}</p>
  return (
    <dl className="facts" data-testid={testId}>
      {entries.map(([key, value]) => (
        <div key={key} className="facts__pair">
          <dt>{labels[key] ?? <code>{key}</code>}</dt>
          <dd>{show(value)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Metadata as sent (the reserved subMerchantDetails shown with the sub-merchant instead). */
export function metadataWithoutSubMerchant(metadata: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!metadata) return null
  const { subMerchantDetails: _omitted, ...rest } = metadata
  return rest
}

export { SUB_MERCHANT_LABELS }
