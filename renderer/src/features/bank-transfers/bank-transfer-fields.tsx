import { AMOUNT_BOUNDS, NARRATION_MAX_LENGTH, formatMinor } from '../../../../shared/money'
import { TaxInvoiceFields } from '../../components/fields/tax-invoice-fields'
import type { Account } from '../../../../shared/schemas/account'
import { AmountField } from '../../components/fields/amount-field'
import { SelectField } from '../../components/fields/select-field'
import { TextAreaField } from '../../components/fields/text-area-field'
import { TextField } from '../../components/fields/text-field'
import { OutcomeField } from '../../components/fields/outcome-field'
import { BankPicker } from './bank-picker'
import type { BankTransferForm } from './bank-transfer-values'
import { RecipientName, accountNameQuery } from '../../components/payouts/recipient-name'

export const BANK_TRANSFER_BOUNDS = AMOUNT_BOUNDS.bankTransfer

/** Who sends: the payouts account and the address the bank records for the sender. */
export function SenderFields({ form, accounts }: { form: BankTransferForm; accounts: readonly Account[] }) {
  const { values, setValue, touch, error } = form
  return (
    <fieldset className="fieldset">
      <legend>From</legend>
      <div className="form__grid">
        <SelectField label="Sender account" required value={values.senderAccountNo}
          options={accounts.map((a) => ({ value: a.accountNo, label: `${a.name} · ${a.accountNo} · KES ${formatMinor(a.available)} available` }))}
          onChange={(v) => setValue('senderAccountNo', v)} onBlur={() => touch('senderAccountNo')} error={error('senderAccountNo')} className="field--wide" />
        <TextField label="Sender address" required className="field--wide" value={values.senderAddress} autoComplete="street-address"
          onChange={(v) => setValue('senderAddress', v)} onBlur={() => touch('senderAddress')} error={error('senderAddress')}
          hint="Your business's address as the bank records the sender, e.g. 1 Moi Avenue, Nairobi." />
      </div>
    </fieldset>
  )
}

/** Who receives: the bank (found by its common name), the beneficiary and their account. */
export function BeneficiaryFields({ form }: { form: BankTransferForm }) {
  const { values, setValue, touch, error } = form
  return (
    <fieldset className="fieldset">
      <legend>To</legend>
      <div className="form__grid">
        <BankPicker value={values.bank} onChange={(bank) => setValue('bank', bank)} onBlur={() => touch('beneficiaryBankCode')}
          error={error('beneficiaryBankCode') ?? error('beneficiaryBankName')} />
        <TextField label="Beneficiary name" required value={values.beneficiaryName} autoComplete="off"
          onChange={(v) => setValue('beneficiaryName', v)} onBlur={() => touch('beneficiaryName')} error={error('beneficiaryName')} />
        <TextField label="Beneficiary account" required value={values.beneficiaryAccountId} autoComplete="off" spellCheck={false}
          onChange={(v) => setValue('beneficiaryAccountId', v)} onBlur={() => touch('beneficiaryAccountId')} error={error('beneficiaryAccountId')}
          hint="Up to 34 letters, digits or hyphens." />
        <TextField label="Account currency" required value={values.beneficiaryAccountCcy} maxLength={3}
          onChange={(v) => setValue('beneficiaryAccountCcy', v)} onBlur={() => touch('beneficiaryAccountCcy')} error={error('beneficiaryAccountCcy')} />
        <TextField label="Branch code" value={values.beneficiaryBranchCode}
          onChange={(v) => setValue('beneficiaryBranchCode', v)} onBlur={() => touch('beneficiaryBranchCode')} error={error('beneficiaryBranchCode')} />
      </div>
      <RecipientName query={accountNameQuery('instantbank', values.beneficiaryAccountId, values.bank?.bankCode)} />
    </fieldset>
  )
}

/** What is sent: amount, reference, narration, purpose, where its webhook goes and the simulated outcome. */
export function TransferFields({ form, reference }: { form: BankTransferForm; reference: string }) {
  const { values, setValue, touch, error } = form
  return (
    <div className="form__grid">
      <AmountField label="Amount" required bounds={BANK_TRANSFER_BOUNDS} value={values.amount}
        onChange={(v) => setValue('amount', v)} onBlur={() => touch('amount')} error={error('amount')} />
      <TextField label="Merchant reference" value={values.merchantTransactionId} placeholder={reference} spellCheck={false} autoComplete="off"
        onChange={(v) => setValue('merchantTransactionId', v)} onBlur={() => touch('merchantTransactionId')} error={error('merchantTransactionId')}
        hint="1–64 letters, digits, dots, underscores or hyphens. Left empty, the one shown is used." />
      <TextAreaField label="Narration" required className="field--wide" maxLength={NARRATION_MAX_LENGTH} rows={2} value={values.narration}
        onChange={(v) => setValue('narration', v)} onBlur={() => touch('narration')} error={error('narration')} />
      <TextField markOptional={false} label="Payment channel" value="INSTANTBANK" onChange={() => undefined} hint="The only channel for local transfers." readOnly />
      <TextField label="Payment purpose" value={values.paymentPurposeId}
        onChange={(v) => setValue('paymentPurposeId', v)} onBlur={() => touch('paymentPurposeId')} error={error('paymentPurposeId')} />
      <TextField label="Webhook URL" className="field--wide" type="url" value={values.webhookUrl} placeholder="https://example.com/webhooks" spellCheck={false}
        onChange={(v) => setValue('webhookUrl', v)} onBlur={() => touch('webhookUrl')} error={error('webhookUrl')} />
      <TaxInvoiceFields pinKey="sellerKraPin" invoice={values.taxInvoiceNumber} pin={values.kraPin} onInvoice={(v) => setValue('taxInvoiceNumber', v)}
        onPin={(v) => setValue('kraPin', v)} touch={touch} error={error} />
      <OutcomeField value={values.forceStatus} onChange={(v) => setValue('forceStatus', v)} error={error('forceStatus')} defaultLabel="Success" />
    </div>
  )
}
