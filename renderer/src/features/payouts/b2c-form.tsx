import { AMOUNT_BOUNDS, NARRATION_MAX_LENGTH, formatMinor } from '../../../../shared/money'
import type { Account } from '../../../../shared/schemas/account'
import { B2cRequestSchema } from '../../../../shared/schemas/requests'
import { useCreateB2c } from '../../api/hooks/money-movement'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ErrorNotice } from '../../components/error-notice'
import { AmountField } from '../../components/fields/amount-field'
import { KeyValueRows } from '../../components/fields/key-value-rows'
import { TaxInvoiceFields } from '../../components/fields/tax-invoice-fields'
import { taxInvoicePaths } from '../../forms/tax-invoice'
import { TextAreaField } from '../../components/fields/text-area-field'
import { PhoneField } from '../../components/fields/phone-field'
import { TextField } from '../../components/fields/text-field'
import { phoneForRequest, phoneToUse } from '../../forms/phone'
import { amountInput, amountRewrite } from '../../forms/amount'
import { optionalText } from '../../forms/optional'
import { EMPTY_REQUEST_FIELDS, requestFields, type RequestFieldValues } from '../../forms/request-fields'
import { useSchemaForm } from '../../forms/use-schema-form'
import { useMerchantReference, useSendRequest } from '../../forms/use-send-request'
import { MoneyOnConfirm } from '../../components/approval-hold'
import { OutcomeField } from '../../components/fields/outcome-field'
import { PayoutQuote } from '../../components/payouts/payout-quote'
import { RecipientName, accountNameQuery } from '../../components/payouts/recipient-name'

interface B2cValues extends RequestFieldValues {
  phoneNumber: string
}

const INITIAL: B2cValues = { phoneNumber: '', ...EMPTY_REQUEST_FIELDS }
const BOUNDS = AMOUNT_BOUNDS.b2c

const rewrite = amountRewrite(BOUNDS)

/** B2C: pay out to a phone (POST /v1/mobile/b2c), validated by B2cRequestSchema, confirmed before sending. */
export function B2cForm({ account, onSent }: { account: Account | undefined; onSent(transactionId: string): void }) {
  const b2c = useCreateB2c()
  const [reference, renewReference] = useMerchantReference('b2c')
  const form = useSchemaForm({
    initialValues: INITIAL,
    schema: B2cRequestSchema,
    rewrite,
    apiPaths: { metadataRows: 'metadata', ...taxInvoicePaths('sellerKraPin') },
    toRequest: (v) => {
      const fields = requestFields(v, reference)
      return { request: { phoneNumber: optionalText(phoneForRequest(v.phoneNumber)), ...fields.request }, errors: fields.errors }
    },
  })
  const { values, setValue, touch, error } = form
  const amountMinor = amountInput(values.amount).minor
  const { pending, review, cancel, confirm } = useSendRequest(b2c, form, (transactionId) => {
    onSent(transactionId)
  }, renewReference)

  return (
    <form className="form" onSubmit={form.handleSubmit(review)} ref={form.formRef} noValidate aria-label="New B2C payout">
      {b2c.isError ? <ErrorNotice error={b2c.error} title="The payout was refused" /> : null}
      <div className="form__grid">
        <PhoneField label="Recipient phone" required value={values.phoneNumber}
          onChange={(v) => setValue('phoneNumber', v)} onBlur={() => touch('phoneNumber')} error={error('phoneNumber')} />
        <AmountField label="Amount" required bounds={BOUNDS} value={values.amount}
          onChange={(v) => setValue('amount', v)} onBlur={() => touch('amount')} error={error('amount')} />
        <TextAreaField label="Narration" className="field--wide" maxLength={NARRATION_MAX_LENGTH} rows={2} value={values.narration}
          onChange={(v) => setValue('narration', v)} onBlur={() => touch('narration')} error={error('narration')} />
        <TextField label="Merchant reference" value={values.merchantTransactionId} placeholder={reference} spellCheck={false} autoComplete="off"
          onChange={(v) => setValue('merchantTransactionId', v)} onBlur={() => touch('merchantTransactionId')} error={error('merchantTransactionId')}
          hint="Left empty, the one shown is used." />
        <TextField label="Webhook URL" type="url" value={values.webhookUrl} placeholder="https://example.com/webhooks" spellCheck={false}
          onChange={(v) => setValue('webhookUrl', v)} onBlur={() => touch('webhookUrl')} error={error('webhookUrl')} />
        <TaxInvoiceFields pinKey="sellerKraPin" invoice={values.taxInvoiceNumber} pin={values.kraPin} onInvoice={(v) => setValue('taxInvoiceNumber', v)}
          onPin={(v) => setValue('kraPin', v)} touch={touch} error={error} />
        <OutcomeField value={values.forceStatus} onChange={(v) => setValue('forceStatus', v)} error={error('forceStatus')}
          defaultLabel="Decided by the phone number (normally success)" />
      </div>
      <RecipientName query={accountNameQuery('mobile_mobile', values.phoneNumber)} />
      <KeyValueRows legend="Metadata" rows={values.metadataRows} onChange={(rows) => setValue('metadataRows', rows)}
        onBlur={() => touch('metadata')} error={error} groupError={error('metadata')} />
      <PayoutQuote kind="b2c" amountMinor={amountMinor} account={account} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={b2c.isPending}>Review payout</button>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title="Send this payout?"
        confirmLabel={pending ? `Send KES ${formatMinor(pending.amount)}` : 'Send'}
        busy={b2c.isPending}
        onCancel={cancel}
        onConfirm={confirm}
      >
        {pending ? (
          <>
            <RecipientName query={accountNameQuery('mobile_mobile', pending.phoneNumber)} />
            <p>KES {formatMinor(pending.amount)} to {phoneToUse(pending.phoneNumber) ?? pending.phoneNumber}, reference {pending.merchantTransactionId}.</p>
            <MoneyOnConfirm action="b2c" amountMinor={pending.amount} reserved={<p>Amount and fee are reserved from the payouts float now.</p>} />
          </>
        ) : null}
      </ConfirmDialog>
    </form>
  )
}
