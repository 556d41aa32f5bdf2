import { formatMinor } from '../../../../shared/money'
import type { TransactionDetail } from '../../../../shared/schemas/console-transactions'
import { useTransactionDetail } from '../../api/hooks/transactions'
import { PATHS } from '../../lib/paths'
import { Link } from '../../lib/router'
import type { ScreenProps } from '../../lib/screen-props'
import { CopyButton } from '../../components/copy-button'
import { DocumentDownloadButton } from '../../components/document-download-button'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Can } from '../../components/can'
import { TransactionRequests } from '../../components/requests/transaction-requests'
import '../../components/requests/requests.css'
import { CounterpartyFacts } from './counterparty-facts'
import { RelatedTransactions } from './related-transactions'
import { ReverseChargeAction } from './reverse-charge-action'
import { metadataWithoutSubMerchant, RecordFacts, SUB_MERCHANT_LABELS, TransactionFields } from './transaction-fields'
import { TRANSACTION_TYPE_LABELS } from '../../lib/transaction-labels'
import { TransactionPostings } from './transaction-postings'
import { TransactionSummary, reversalOf } from '../../components/transactions/transaction-summary'
import { TransactionTimeline, withReversalSteps } from './transaction-timeline'
import { TransactionWebhooks } from './transaction-webhooks'
import '../../components/transactions/transactions.css'

function title(detail: TransactionDetail | undefined): string {
  if (!detail) return 'Transaction'
  const tx = detail.transaction
  return tx.amount === null ? TRANSACTION_TYPE_LABELS[tx.type] : `${TRANSACTION_TYPE_LABELS[tx.type]} of ${formatMinor(tx.amount, tx.currency)}`
}

/**
 * One transaction in full: every field, its status timeline, the ledger postings, the counterparty,
 * metadata and sub-merchant, linked reversal or charge, and every webhook attempt about it. A completed
 * or settled charge can be reversed here. Push events keep all of it live.
 */
export function TransactionDetailScreen({ params }: ScreenProps) {
  const transactionId = params['transactionId'] ?? ''
  const detail = useTransactionDetail(transactionId)
  return (
    <>
      <PageHeader
        title={title(detail.data)}
        description={(
          <span className="row">
            <code data-testid="transaction-id">{transactionId}</code>
            <CopyButton value={transactionId} label="Copy transaction id" />
            <Link to={PATHS.transactions}>All transactions</Link>
          </span>
        )}
        actions={detail.data ? (
          <span className="row">
            <DocumentDownloadButton routeId="console.transactions.evidence" input={{ params: { transactionId } }}
              fileName={`evidence-${transactionId}.json`} label="Download evidence" />
            <ReverseChargeAction detail={detail.data} />
          </span>
        ) : undefined}
      />
      <QueryView query={detail} loadingLabel="Loading the transaction…">
        {(data) => <DetailBody detail={data} />}
      </QueryView>
    </>
  )
}

function DetailBody({ detail }: { detail: TransactionDetail }) {
  const tx = detail.transaction
  const reversal = reversalOf(detail)
  // The reversal's own timeline joins the charge's: when it was asked for and what became of it.
  const reversalDetail = useTransactionDetail(reversal?.publicId ?? '', { enabled: reversal !== null })
  const reversalData = reversal ? reversalDetail.data : undefined
  const timeline = withReversalSteps(detail.timeline, reversalData)
  return (
    <div className="stack">
      {/* Status changes are announced, as they happen while the screen is open. */}
      <span className="visually-hidden" role="status" aria-live="polite">{reversal ? `Status reversed, reversal ${reversal.status}` : `Status ${tx.status}`}</span>
      <TransactionSummary detail={detail} reversalRequestedAt={reversalData?.transaction.createdAt ?? null} />
      <div className="grid grid--main-side">
        <Panel title="Details"><TransactionFields detail={detail} /></Panel>
        <div className="stack">
          <Panel title="Status timeline"><TransactionTimeline timeline={timeline} /></Panel>
          <Panel title="Linked transactions"><RelatedTransactions related={detail.related} /></Panel>
          {detail.counterparty ? <Panel title="Counterparty"><CounterpartyFacts counterparty={detail.counterparty} /></Panel> : null}
          <Panel title="Metadata">
            <RecordFacts record={metadataWithoutSubMerchant(tx.metadata)} empty="No metadata was sent with this transaction." testId="transaction-metadata" />
          </Panel>
          <Panel title="Sub-merchant">
            <RecordFacts record={tx.subMerchantDetails} labels={SUB_MERCHANT_LABELS} empty="No sub-merchant details (enterprise only)." testId="sub-merchant" />
          </Panel>
          {tx.customer ? <Panel title="Customer"><RecordFacts record={tx.customer} empty="No customer details." /></Panel> : null}
        </div>
      </div>
      <Panel title="Webhook attempts"><TransactionWebhooks transactionId={tx.publicId} /></Panel>
      <Can permission="requests.read"><Panel title="API requests"><TransactionRequests transactionId={tx.publicId} /></Panel></Can>
      <Panel title="Ledger postings"><TransactionPostings postings={detail.postings} /></Panel>
    </div>
  )
}
