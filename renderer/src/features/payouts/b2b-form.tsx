import { AMOUNT_BOUNDS, NARRATION_MAX_LENGTH, formatMinor } from '../../../../shared/money'
import type { Account } from '../../../../shared/schemas/account'
import { B2bRequestSchema } from '../../../../shared/schemas/requests'
import { useCreateB2b } from '../../api/hooks/money-movement'
import { MoneyOnConfirm } from '../../components/approval-hold'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ErrorNotice } from '../../components/error-notice'
import { AmountField } from '../../components/fields/amount-field'
import { KeyValueRows } from '../../components/fields/key-value-rows'
import { TaxInvoiceFields } from '../../components/fields/tax-invoice-fields'
import { taxInvoicePaths } from '../../forms/tax-invoice'
import { TextAreaField } from '../../components/fields/text-area-field'
import { TextField } from '../../components/fields/text-field'
import { amountInput, amountRewrite } from '../../forms/amount'
import { optionalText } from '../../forms/optional'
import { EMPTY_REQUEST_FIELDS, requestFields, type RequestFieldValues } from '../../forms/request-fields'
import { useSchemaForm } from '../../forms/use-schema-form'
import { useMerchantReference, useSendRequest } from '../../forms/use-send-request'
import { OutcomeField } from '../../components/fields/outcome-field'
import { PayoutQuote } from '../../components/payouts/payout-quote'
import { RecipientName, accountNameQuery } from '../../components/payouts/recipient-name'

interface B2bValues extends RequestFieldValues {
  accountNumberType: 'till' | 'paybill'
  accountNumber: string
  beneficiary: string
}

const INITIAL: B2bValues = { accountNumberType: 'till', accountNumber: '', beneficiary: '', ...EMPTY_REQUEST_FIELDS }
const BOUNDS = AMOUNT_BOUNDS.b2b

const rewrite = amountRewrite(BOUNDS)

function toB2bRequest(v: B2bValues, reference: string) {
  const fields = requestFields(v, reference)
  return {
    request: { accountNumberType: v.accountNumberType, accountNumber: optionalText(v.accountNumber), beneficiary: optionalText(v.beneficiary), ...fields.request },
    errors: fields.errors,
  }
}

/** Till (Buy Goods) or paybill. */
function PayTo({ value, onChange }: { value: B2bValues['accountNumberType']; onChange(type: B2bValues['accountNumberType']): void }) {
  return (
    <fieldset className="fieldset">
      <legend>Pay to</legend>
      <div className="choice-row">
        {(['till', 'paybill'] as const).map((type) => (
          <label key={type} className="choice">
            <input type="radio" name="accountNumberType" value={type} checked={value === type} onChange={() => onChange(type)} />
            {type === 'till' ? 'Till (Buy Goods)' : 'Paybill'}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** B2B: pay a till or a paybill (POST /v1/mobile/b2b); a paybill needs the beneficiary's account reference. */
export function B2bForm({ account, onSent }: { account: Account | undefined; onSent(transactionId: string): void }) {
  const b2b = useCreateB2b()
  const [reference, renewReference] = useMerchantReference('b2b')
  const form = useSchemaForm({
    initialValues: INITIAL,
    schema: B2bRequestSchema,
    rewrite,
    apiPaths: { metadataRows: 'metadata', ...taxInvoicePaths('sellerKraPin') },
    toRequest: (v) => toB2bRequest(v, reference),
  })
  const { values, setValue, touch, error } = form
  const paybill = values.accountNumberType === 'paybill'
  const { pending, review, cancel, confirm } = useSendRequest(b2b, form, (transactionId) => {
    onSent(transactionId)
  }, renewReference)

  return (
    <form className="form" onSubmit={form.handleSubmit(review)} ref={form.formRef} noValidate aria-label="New B2B payment">
      {b2b.isError ? <ErrorNotice error={b2b.error} title="The payment was refused" /> : null}
      <PayTo value={values.accountNumberType} onChange={(type) => setValue('accountNumberType', type)} />
      <div className="form__grid">
        <TextField label={paybill ? 'Paybill number' : 'Till number'} required inputMode="numeric" autoComplete="off" value={values.accountNumber}
          onChange={(v) => setValue('accountNumber', v)} onBlur={() => touch('accountNumber')} error={error('accountNumber')} hint="5–10 digits" />
        <TextField label="Beneficiary account reference" required={paybill} autoComplete="off" value={values.beneficiary}
          onChange={(v) => setValue('beneficiary', v)} onBlur={() => touch('beneficiary')} error={error('beneficiary')}
          hint={paybill ? 'The account number at the paybill (required for paybills).' : 'Optional for tills.'} />
        <AmountField label="Amount" required bounds={BOUNDS} value={values.amount}
          onChange={(v) => setValue('amount', v)} onBlur={() => touch('amount')} error={error('amount')} />
        <TextField label="Merchant reference" value={values.merchantTransactionId} placeholder={reference} spellCheck={false} autoComplete="off"
          onChange={(v) => setValue('merchantTransactionId', v)} onBlur={() => touch('merchantTransactionId')} error={error('merchantTransactionId')}
          hint="Left empty, the one shown is used." />
        <TextAreaField label="Narration" className="field--wide" maxLength={NARRATION_MAX_LENGTH} rows={2} value={values.narration}
          onChange={(v) => setValue('narration', v)} onBlur={() => touch('narration')} error={error('narration')} />
        <TextField label="Webhook URL" className="field--wide" type="url" value={values.webhookUrl} placeholder="https://example.com/webhooks" spellCheck={false}
          onChange={(v) => setValue('webhookUrl', v)} onBlur={() => touch('webhookUrl')} error={error('webhookUrl')} />
        <TaxInvoiceFields pinKey="sellerKraPin" invoice={values.taxInvoiceNumber} pin={values.kraPin} onInvoice={(v) => setValue('taxInvoiceNumber', v)}
          onPin={(v) => setValue('kraPin', v)} touch={touch} error={error} />
        <OutcomeField value={values.forceStatus} onChange={(v) => setValue('forceStatus', v)} error={error('forceStatus')} defaultLabel="Success" />
      </div>
      <RecipientName query={accountNameQuery(paybill ? 'mobile_paybill' : 'mobile_till', values.accountNumber)} />
      <KeyValueRows legend="Metadata" rows={values.metadataRows} onChange={(rows) => setValue('metadataRows', rows)}
        onBlur={() => touch('metadata')} error={error} groupError={error('metadata')} />
      <PayoutQuote kind="b2b" amountMinor={amountInput(values.amount).minor} account={account} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={b2b.isPending}>Review payment</button>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title="Send this payment?"
        confirmLabel={pending ? `Pay KES ${formatMinor(pending.amount)}` : 'Pay'}
        busy={b2b.isPending}
        onCancel={cancel}
        onConfirm={confirm}
      >
        {pending ? (
          <>
            <RecipientName query={accountNameQuery(pending.accountNumberType === 'paybill' ? 'mobile_paybill' : 'mobile_till', pending.accountNumber ?? '')} />
            <p>KES {formatMinor(pending.amount)} to {pending.accountNumberType} {pending.accountNumber}{pending.beneficiary ? ` (account ${pending.beneficiary})` : ''}, reference {pending.merchantTransactionId}.</p>
            <MoneyOnConfirm action="b2b" amountMinor={pending.amount} reserved={null} />
          </>
        ) : null}
      </ConfirmDialog>
    </form>
  )
}
