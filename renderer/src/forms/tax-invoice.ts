import { TAX_INVOICE_KEYS } from '../../../shared/tax-invoice'

/** Whose KRA PIN a form asks for: a charge's customer buys, a payout's recipient sells. */
export type KraPinKey = typeof TAX_INVOICE_KEYS.buyerPin | typeof TAX_INVOICE_KEYS.sellerPin

/** The tax-invoice convention's metadata from two optional fields (a PIN typed in lower case is sent in capitals). */
export function taxInvoiceMetadata(invoice: string, pin: string, pinKey: KraPinKey): Record<string, string> {
  const metadata: Record<string, string> = {}
  if (invoice.trim() !== '') metadata[TAX_INVOICE_KEYS.invoice] = invoice.trim()
  if (pin.trim() !== '') metadata[pinKey] = pin.trim().toUpperCase()
  return metadata
}

/** Where the API reports the fields' errors (SchemaFormOptions.apiPaths). */
export function taxInvoicePaths(pinKey: KraPinKey) {
  return { taxInvoiceNumber: `metadata.${TAX_INVOICE_KEYS.invoice}`, kraPin: `metadata.${pinKey}` }
}
