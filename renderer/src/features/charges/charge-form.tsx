import { AMOUNT_BOUNDS, NARRATION_MAX_LENGTH } from '../../../../shared/money'
import { ChargeRequestSchema } from '../../../../shared/schemas/requests'
import { useCreateCharge } from '../../api/hooks/money-movement'
import { ErrorNotice } from '../../components/error-notice'
import { AmountField } from '../../components/fields/amount-field'
import { KeyValueRows } from '../../components/fields/key-value-rows'
import { TaxInvoiceFields } from '../../components/fields/tax-invoice-fields'
import { taxInvoicePaths } from '../../forms/tax-invoice'
import { TextAreaField } from '../../components/fields/text-area-field'
import { TextField } from '../../components/fields/text-field'
import { PhoneField } from '../../components/fields/phone-field'
import { phoneForRequest } from '../../forms/phone'
import { amountRewrite } from '../../forms/amount'
import { optionalText } from '../../forms/optional'
import { EMPTY_REQUEST_FIELDS, requestFields, type RequestFieldValues } from '../../forms/request-fields'
import { useSchemaForm } from '../../forms/use-schema-form'
import { useMerchantReference, useSendRequest } from '../../forms/use-send-request'
import { OutcomeField } from '../../components/fields/outcome-field'
import { EMPTY_SUB_MERCHANT, EnterpriseFields, subMerchantDetailsFrom, type SubMerchantValues } from './enterprise-fields'

interface ChargeFormValues extends RequestFieldValues {
  phoneNumber: string
  shortcode: string
  subMerchantId: string
  subMerchantDetails: SubMerchantValues
}

const INITIAL: ChargeFormValues = {
  phoneNumber: '', ...EMPTY_REQUEST_FIELDS, shortcode: '', subMerchantId: '', subMerchantDetails: EMPTY_SUB_MERCHANT,
}

const BOUNDS = AMOUNT_BOUNDS.charge

const rewrite = amountRewrite(BOUNDS)

/** The push-prompt charge form: validated by ChargeRequestSchema, sent to POST /v1/mobile/charge. */
export function ChargeForm({ onSent }: { onSent(transactionId: string): void }) {
  const charge = useCreateCharge()
  const [reference, renewReference] = useMerchantReference('charge')

  const form = useSchemaForm({
    initialValues: INITIAL,
    schema: ChargeRequestSchema,
    rewrite,
    apiPaths: { metadataRows: 'metadata', subMerchantDetails: 'metadata.subMerchantDetails', ...taxInvoicePaths('buyerKraPin') },
    toRequest: (v) => {
      const subMerchantDetails = subMerchantDetailsFrom(v.subMerchantDetails)
      const fields = requestFields(v, reference, subMerchantDetails ? { subMerchantDetails } : {}, 'buyerKraPin')
      return {
        request: { phoneNumber: optionalText(phoneForRequest(v.phoneNumber)), ...fields.request, shortcode: optionalText(v.shortcode), subMerchantId: optionalText(v.subMerchantId) },
        errors: fields.errors,
      }
    },
  })
  const { values, setValue, touch, error } = form

  const { send } = useSendRequest(charge, form, (transactionId) => {
    onSent(transactionId)
  }, renewReference)
  const submit = form.handleSubmit((body) => send(body))

  return (
    <form className="form" onSubmit={submit} ref={form.formRef} noValidate aria-label="New charge">
      {charge.isError ? <ErrorNotice error={charge.error} title="The charge was refused" /> : null}
      <div className="form__grid">
        <PhoneField label="Customer phone" required value={values.phoneNumber}
          onChange={(v) => setValue('phoneNumber', v)} onBlur={() => touch('phoneNumber')} error={error('phoneNumber')}
          hint="test numbers 254700000001–4 fail (cancelled, timeout, insufficient funds, wrong PIN)" />
        <AmountField label="Amount" required bounds={BOUNDS} value={values.amount}
          onChange={(v) => setValue('amount', v)} onBlur={() => touch('amount')} error={error('amount')} />
        <TextAreaField label="Narration" className="field--wide" maxLength={NARRATION_MAX_LENGTH} rows={2} value={values.narration}
          onChange={(v) => setValue('narration', v)} onBlur={() => touch('narration')} error={error('narration')}
          hint="Shown to the customer on the prompt." />
        <TextField label="Merchant reference" value={values.merchantTransactionId} placeholder={reference} spellCheck={false} autoComplete="off"
          onChange={(v) => setValue('merchantTransactionId', v)} onBlur={() => touch('merchantTransactionId')} error={error('merchantTransactionId')}
          hint="Your unique id for this charge. Left empty, the one shown is used." />
        <TextField label="Webhook URL" type="url" value={values.webhookUrl} placeholder="https://example.com/webhooks" spellCheck={false}
          onChange={(v) => setValue('webhookUrl', v)} onBlur={() => touch('webhookUrl')} error={error('webhookUrl')}
          hint="Also notified besides your default endpoint." />
        <TaxInvoiceFields pinKey="buyerKraPin" invoice={values.taxInvoiceNumber} pin={values.kraPin} onInvoice={(v) => setValue('taxInvoiceNumber', v)}
          onPin={(v) => setValue('kraPin', v)} touch={touch} error={error} />
        <OutcomeField value={values.forceStatus} onChange={(v) => setValue('forceStatus', v)} error={error('forceStatus')}
          defaultLabel="Decided by the phone number (normally success)" />
      </div>
      <KeyValueRows legend="Metadata" hint="Up to 20 keys, echoed back on the transaction and its webhooks." rows={values.metadataRows}
        onChange={(rows) => setValue('metadataRows', rows)} onBlur={() => touch('metadata')} error={error} groupError={error('metadata')} />
      <EnterpriseFields values={values} setValue={setValue} touch={touch} error={error} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={charge.isPending} aria-busy={charge.isPending}>
          {charge.isPending ? 'Sending…' : 'Send charge prompt'}
        </button>
        <span className="form__note">The customer gets a prompt to enter their PIN; the result arrives by webhook.</span>
      </div>
    </form>
  )
}
