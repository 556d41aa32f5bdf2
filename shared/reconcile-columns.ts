/**
 * Which column of a merchant's file holds what, guessed from the header's names: order exports (WooCommerce,
 * ERPNext), bank statements and M-Pesa statements name their columns differently, so each field lists the
 * names it answers to, most telling first. Shared: the engine suggests a mapping and the console shows it.
 */

export type MappedField = 'reference' | 'receipt' | 'phone' | 'amount' | 'date'
export type ColumnMapping = Partial<Record<MappedField, string>>

/** A header cell compared without case, spaces or punctuation: "Order No." and "order_no" are one name. */
export function squeezeName(cell: string): string {
  return cell.toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** Names each field answers to, as squeezed patterns, in order of preference. */
const NAMES: Record<MappedField, readonly RegExp[]> = {
  reference: [
    /^(merchanttransactionid|merchantreference|merchantref)$/, /^(order(id|no|number|ref|reference)?)$/,
    /^(reference|ref|yourreference|billref(number)?|accountreference|accountno|invoice(id|no|number)?)$/,
    /^(?!.*(total|amount|date|time|status|phone)).*(order|invoice)/,
  ],
  receipt: [
    /^(receipt(no|number)?|mpesareceipt(no|number)?|mpesacode|mpesaref|transactioncode|transcode|confirmationcode)$/,
    /(receipt|mpesacode|processorreference|confirmation)/,
  ],
  phone: [/^(phone(number|no)?|msisdn|mobile(number|no)?|customerphone|payerphone|tel(ephone)?)$/, /(phone|msisdn|mobile)/],
  amount: [/^(amount|paidin|total|ordertotal|amountkes|amountksh|value)$/, /(amount|paidin|total|kes|ksh)/],
  date: [/^(date|completiontime|transactiondate|orderdate|paidat|paidon|paymentdate|createdat|datetime|time|when)$/, /(date|time|paidon)/],
}

const FIELDS: readonly MappedField[] = ['receipt', 'reference', 'phone', 'amount', 'date']

/**
 * A column for each field whose name the header holds, each column used once. The receipt is looked for
 * before the reference, so "M-Pesa receipt" never becomes the order reference.
 */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const squeezed = header.map(squeezeName)
  const used = new Set<number>()
  const mapping: ColumnMapping = {}
  for (const field of FIELDS) {
    for (const pattern of NAMES[field]) {
      const index = squeezed.findIndex((name, i) => !used.has(i) && name !== '' && pattern.test(name))
      if (index < 0) continue
      used.add(index)
      mapping[field] = header[index]!
      break
    }
  }
  return mapping
}

/** Amounts in cents when the amount column says so ("Amount (cents)", "amount_minor"); shillings otherwise. */
export function guessAmountUnit(amountColumn: string | undefined): 'KES' | 'cents' {
  return amountColumn && /(cents|minor)/.test(squeezeName(amountColumn)) ? 'cents' : 'KES'
}

/** The key a mapping is remembered under: the header's cells, trimmed and lower-cased, in order. */
export function headerKey(header: readonly string[]): string {
  return header.map((cell) => cell.trim().toLowerCase()).join('\u001f')
}
