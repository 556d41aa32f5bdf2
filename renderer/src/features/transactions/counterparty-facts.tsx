import type { CounterpartyView } from '../../../../shared/schemas/console-transactions'

const KINDS = { till: 'Till (B2B)', paybill: 'Paybill (B2B)', bank: 'Bank account' } as const

/** Who a payout went to, as recorded when it was accepted. */
export function CounterpartyFacts({ counterparty }: { counterparty: CounterpartyView }) {
  const rows: [string, string | null | undefined][] = [
    ['Kind', KINDS[counterparty.kind]],
    ['Account number', counterparty.accountNumber],
    ['Account name', counterparty.accountName],
    ['Beneficiary', counterparty.beneficiary],
    ['Bank', counterparty.bankName ? `${counterparty.bankName}${counterparty.bankCode ? ` (${counterparty.bankCode})` : ''}` : counterparty.bankCode],
    ['Branch code', counterparty.branchCode],
    ['Sender address', counterparty.senderAddress],
    ['Payment purpose', counterparty.paymentPurposeId],
  ]
  return (
    <dl className="facts" data-testid="counterparty">
      {rows.filter(([, value]) => value !== undefined && value !== null && value !== '').map(([label, value]) => (
        <div key={label} className="facts__pair"><dt>{label}</dt><dd>{value}</dd></div>
      ))}
    </dl>
  )
}
