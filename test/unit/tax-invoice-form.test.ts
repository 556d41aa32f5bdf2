import { describe, expect, it } from 'vitest'
import { B2cRequestSchema, ChargeRequestSchema } from '../../shared/schemas/requests'
import { EMPTY_REQUEST_FIELDS, requestFields } from '../../renderer/src/forms/request-fields'
import { taxInvoiceMetadata } from '../../renderer/src/forms/tax-invoice'

// The console forms' optional tax invoice number and KRA PIN become the metadata convention's keys: the
// customer's PIN on a charge (buyer), the recipient's on a payout (seller); empty fields send nothing.
describe('the forms\' tax invoice fields', () => {
  it('send metadata.taxInvoiceNumber and the PIN under the right key, in capitals', () => {
    const values = { ...EMPTY_REQUEST_FIELDS, amount: '1500', taxInvoiceNumber: ' KRACU01/9 ', kraPin: 'a123456789b' }
    const charge = requestFields(values, 'ref-1', {}, 'buyerKraPin').request
    expect(charge.metadata).toEqual({ taxInvoiceNumber: 'KRACU01/9', buyerKraPin: 'A123456789B' })
    expect(ChargeRequestSchema.safeParse({ ...charge, phoneNumber: '0712345678' }).success).toBe(true)
    const payout = requestFields(values, 'ref-2').request
    expect(payout.metadata).toEqual({ taxInvoiceNumber: 'KRACU01/9', sellerKraPin: 'A123456789B' })
    expect(requestFields({ ...EMPTY_REQUEST_FIELDS, amount: '10' }, 'ref-3').request.metadata).toBeUndefined()
  })

  it('leave a malformed PIN to the schema, which names the key the field shows its error under', () => {
    const request = requestFields({ ...EMPTY_REQUEST_FIELDS, amount: '1500', kraPin: 'A12345' }, 'ref-4').request
    const parsed = B2cRequestSchema.safeParse({ ...request, phoneNumber: '0712345678' })
    expect(parsed.success).toBe(false)
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toEqual(['metadata.sellerKraPin'])
  })

  it('taxInvoiceMetadata (the bank transfer form\'s too) sends only what was filled in', () => {
    expect(taxInvoiceMetadata('INV-7', 'P051234567Q', 'sellerKraPin')).toEqual({ taxInvoiceNumber: 'INV-7', sellerKraPin: 'P051234567Q' })
    expect(taxInvoiceMetadata(' ', '', 'sellerKraPin')).toEqual({})
  })
})
