import type { ForceStatus } from '../../../shared/schemas/common'
import { amountFormatErrors, amountInput } from './amount'
import type { FieldErrors } from './field-errors'
import { metadataFromRows, type MetadataRow } from './metadata'
import { optionalText } from './optional'
import { taxInvoiceMetadata, type KraPinKey } from './tax-invoice'

/** The form values of the request fields a charge, a B2C and a B2B payout have in common. */
export interface RequestFieldValues extends Record<string, unknown> {
  amount: string
  narration: string
  merchantTransactionId: string
  webhookUrl: string
  metadataRows: MetadataRow[]
  forceStatus: '' | ForceStatus
  /** The tax-invoice convention (forms/tax-invoice.ts), both optional. */
  taxInvoiceNumber: string
  kraPin: string
}

export const EMPTY_REQUEST_FIELDS: RequestFieldValues = { amount: '', narration: '', merchantTransactionId: '', webhookUrl: '', metadataRows: [], forceStatus: '', taxInvoiceNumber: '', kraPin: '' }

/**
 * Those values -> their part of the request (for SchemaFormOptions.toRequest): the amount in minor units,
 * `reference` when the merchant reference is left empty, metadata from the rows (plus the tax invoice number and KRA PIN under `pinKey`, and `extraMetadata`), and
 * the errors the schema cannot see (amount format, metadata rows).
 */
export function requestFields(v: RequestFieldValues, reference: string, extraMetadata: Record<string, unknown> = {}, pinKey: KraPinKey = 'sellerKraPin') {
  const amount = amountInput(v.amount)
  const metadata = metadataFromRows(v.metadataRows, { ...taxInvoiceMetadata(v.taxInvoiceNumber, v.kraPin, pinKey), ...extraMetadata })
  const errors: FieldErrors = { ...metadata.errors, ...amountFormatErrors(amount) }
  return {
    request: {
      amount: amount.minor,
      merchantTransactionId: optionalText(v.merchantTransactionId) ?? reference,
      narration: optionalText(v.narration),
      webhookUrl: optionalText(v.webhookUrl),
      metadata: metadata.metadata,
      forceStatus: v.forceStatus === '' ? undefined : v.forceStatus,
    },
    errors,
  }
}
