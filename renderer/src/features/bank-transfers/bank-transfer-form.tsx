import { AMOUNT_BOUNDS, NARRATION_MAX_LENGTH, formatMinor } from '../../../../shared/money'
import type { Account, BankCode } from '../../../../shared/schemas/account'
import type { ForceStatus } from '../../../../shared/schemas/common'
import { BankTransferRequestSchema } from '../../../../shared/schemas/requests'
import { useCreateBankTransfer } from '../../api/hooks/money-movement'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ErrorNotice } from '../../components/error-notice'
import { AmountField } from '../../components/fields/amount-field'
import { SelectField } from '../../components/fields/select-field'
import { TextAreaField } from '../../components/fields/text-area-field'
import { TextField } from '../../components/fields/text-field'
import { amountFormatErrors, amountInput, amountRewrite } from '../../forms/amount'
import { optionalText } from '../../forms/optional'
import { useSchemaForm } from '../../forms/use-schema-form'
import { useMerchantReference, useSendRequest } from '../../forms/use-send-request'
import { OutcomeField } from '../transactions/outcome-field'
import { PayoutQuote } from '../payouts/payout-quote'
import { BankPicker } from './bank-picker'

interface BankTransferValues extends Record<string, unknown> {
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
}

const BOUNDS = AMOUNT_BOUNDS.bankTransfer

const rewrite = amountRewrite(BOUNDS)

/**
 * INSTANTBANK transfer from a payouts account (POST /v1/local-bank-transfer). Errors show while typing,
 * so the spec's limits (amount, narration length, reference pattern) are visible before sending.
 */
export function BankTransferForm({ accounts, onSent }: { accounts: readonly Account[]; onSent(transactionId: string): void }) {
  const transfer = useCreateBankTransfer()
  const [reference, renewReference] = useMerchantReference('bank')
  const initial: BankTransferValues = {
    senderAccountNo: accounts.find((a) => a.default && a.shortcodeId === null)?.accountNo ?? accounts[0]?.accountNo ?? '',
    senderAddress: '', bank: null, beneficiaryAccountId: '', beneficiaryName: '', beneficiaryAccountCcy: 'KES', beneficiaryBranchCode: '',
    amount: '', narration: '', merchantTransactionId: '', paymentPurposeId: '', webhookUrl: '', forceStatus: '',
  }
  const form = useSchemaForm({
    initialValues: initial,
    schema: BankTransferRequestSchema,
    rewrite,
    validateOn: 'change',
    apiPaths: { bank: 'beneficiaryBankCode' },
    toRequest: (v) => {
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
          forceStatus: v.forceStatus === '' ? undefined : v.forceStatus,
        },
        errors: amountFormatErrors(amount),
      }
    },
  })
  const { values, setValue, touch, error } = form
  const sender = accounts.find((a) => a.accountNo === values.senderAccountNo)

  const { pending, review, cancel, confirm } = useSendRequest(transfer, form, (transactionId) => {
    onSent(transactionId)
    renewReference()
  })

  return (
    <form className="form" onSubmit={form.handleSubmit(review)} ref={form.formRef} noValidate aria-label="New bank transfer">
      {transfer.isError ? <ErrorNotice error={transfer.error} title="The transfer was refused" /> : null}
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
      </fieldset>
      <div className="form__grid">
        <AmountField label="Amount" required bounds={BOUNDS} value={values.amount}
          onChange={(v) => setValue('amount', v)} onBlur={() => touch('amount')} error={error('amount')} />
        <TextField label="Merchant reference" value={values.merchantTransactionId} placeholder={reference} spellCheck={false} autoComplete="off"
          onChange={(v) => setValue('merchantTransactionId', v)} onBlur={() => touch('merchantTransactionId')} error={error('merchantTransactionId')}
          hint="1–64 letters, digits, dots, underscores or hyphens. Left empty, the one shown is used." />
        <TextAreaField label="Narration" required className="field--wide" maxLength={NARRATION_MAX_LENGTH} rows={2} value={values.narration}
          onChange={(v) => setValue('narration', v)} onBlur={() => touch('narration')} error={error('narration')} />
        <TextField label="Payment channel" value="INSTANTBANK" onChange={() => undefined} hint="The only channel for local transfers." readOnly />
        <TextField label="Payment purpose" value={values.paymentPurposeId}
          onChange={(v) => setValue('paymentPurposeId', v)} onBlur={() => touch('paymentPurposeId')} error={error('paymentPurposeId')} />
        <TextField label="Webhook URL" className="field--wide" type="url" value={values.webhookUrl} placeholder="https://example.com/webhooks" spellCheck={false}
          onChange={(v) => setValue('webhookUrl', v)} onBlur={() => touch('webhookUrl')} error={error('webhookUrl')} />
        <OutcomeField value={values.forceStatus} onChange={(v) => setValue('forceStatus', v)} error={error('forceStatus')} defaultLabel="Success" />
      </div>
      <PayoutQuote kind="bankTransfer" amountMinor={amountInput(values.amount).minor} account={sender} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={transfer.isPending}>Review transfer</button>
        <span className="form__note">Sent with an Idempotency-Key, which live keys require.</span>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title="Send this bank transfer?"
        confirmLabel={pending ? `Transfer KES ${formatMinor(pending.amount)}` : 'Transfer'}
        busy={transfer.isPending}
        onCancel={cancel}
        onConfirm={confirm}
      >
        {pending ? <p>KES {formatMinor(pending.amount)} to {pending.beneficiaryName}, {pending.beneficiaryBankName} account {pending.beneficiaryAccountId}, from {pending.senderAccountNo}.</p> : null}
      </ConfirmDialog>
    </form>
  )
}
