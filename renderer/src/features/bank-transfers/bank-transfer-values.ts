import type { Account, BankCode } from '../../../../shared/schemas/account'
import type { ForceStatus } from '../../../../shared/schemas/common'
import type { BankTransferRequestSchema } from '../../../../shared/schemas/requests'
import { amountFormatErrors, amountInput } from '../../forms/amount'
import { optionalText } from '../../forms/optional'
import { taxInvoiceMetadata } from '../../forms/tax-invoice'
import type { SchemaForm } from '../../forms/use-schema-form'

/** The bank transfer form's values, as typed. */
export interface BankTransferValues extends Record<string, unknown> {
  senderAccountNo: string
  senderAddress: string
  bank: BankCode | null
  beneficiaryAccountId: string
  beneficiaryName: string
  beneficiaryAccountCcy: string
  beneficiaryBranchCode: string
  amount: string
  narration: string
  merchantTransactionId: string
  paymentPurposeId: string
  webhookUrl: string
  forceStatus: '' | ForceStatus
  taxInvoiceNumber: string
  kraPin: string
}

export type BankTransferForm = SchemaForm<BankTransferValues, typeof BankTransferRequestSchema>

/** An empty transfer from the default payouts account (the organization's own, not a shortcode's). */
export function initialBankTransfer(accounts: readonly Account[]): BankTransferValues {
  return {
    senderAccountNo: accounts.find((a) => a.default && a.shortcodeId === null)?.accountNo ?? accounts[0]?.accountNo ?? '',
    senderAddress: '', bank: null, beneficiaryAccountId: '', beneficiaryName: '', beneficiaryAccountCcy: 'KES', beneficiaryBranchCode: '',
    amount: '', narration: '', merchantTransactionId: '', paymentPurposeId: '', webhookUrl: '', forceStatus: '', taxInvoiceNumber: '', kraPin: '',
  }
}

/** The values as POST /v1/local-bank-transfer's body; `reference` stands in for an empty merchant reference. */
export function toBankTransferRequest(v: BankTransferValues, reference: string) {
  const amount = amountInput(v.amount)
  return {
    request: {
      merchantTransactionId: optionalText(v.merchantTransactionId) ?? reference,
      senderAccountNo: optionalText(v.senderAccountNo),
      senderAddress: optionalText(v.senderAddress),
      beneficiaryBankCode: v.bank?.bankCode,
      beneficiaryBankName: v.bank?.bankName,
      beneficiaryAccountId: optionalText(v.beneficiaryAccountId),
      beneficiaryAccountCcy: optionalText(v.beneficiaryAccountCcy),
      beneficiaryName: optionalText(v.beneficiaryName),
      amount: amount.minor,
      // Not trimmed: the limit counts what the user typed, as the counter shows.
      narration: v.narration === '' ? undefined : v.narration,
      paymentChannel: 'INSTANTBANK',
      beneficiaryBranchCode: optionalText(v.beneficiaryBranchCode),
      paymentPurposeId: optionalText(v.paymentPurposeId),
      webhookUrl: optionalText(v.webhookUrl),
      metadata: optionalMetadata(taxInvoiceMetadata(v.taxInvoiceNumber, v.kraPin, 'sellerKraPin')),
      forceStatus: v.forceStatus === '' ? undefined : v.forceStatus,
    },
    errors: amountFormatErrors(amount),
  }
}

/** No metadata key at all when neither tax-invoice field was filled in. */
function optionalMetadata(metadata: Record<string, string>): Record<string, string> | undefined {
  return Object.keys(metadata).length > 0 ? metadata : undefined
}
