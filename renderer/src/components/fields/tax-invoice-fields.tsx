import type { KraPinKey } from '../../forms/tax-invoice'
import { TextField } from './text-field'

interface Props {
  invoice: string
  pin: string
  pinKey: KraPinKey
  onInvoice(value: string): void
  onPin(value: string): void
  touch(path: string): void
  error(path: string): string | undefined
}

/** The optional tax invoice number and KRA PIN of a payment (metadata.taxInvoiceNumber, buyerKraPin / sellerKraPin). */
export function TaxInvoiceFields({ invoice, pin, pinKey, onInvoice, onPin, touch, error }: Props) {
  const invoicePath = 'metadata.taxInvoiceNumber'
  const pinPath = `metadata.${pinKey}`
  return (
    <>
      <TextField label="Tax invoice number" value={invoice} spellCheck={false} autoComplete="off" placeholder="KRACU0100000001/123"
        onChange={onInvoice} onBlur={() => touch(invoicePath)} error={error(invoicePath)}
        hint="The eTIMS invoice behind this payment: statements, exports and search carry it." />
      <TextField label={pinKey === 'buyerKraPin' ? "Customer's KRA PIN" : "Recipient's KRA PIN"} value={pin} spellCheck={false} autoComplete="off"
        placeholder="A123456789B" onChange={onPin} onBlur={() => touch(pinPath)} error={error(pinPath)} hint="A letter, 9 digits, a letter." />
    </>
  )
}
