import { describe, expect, it } from 'vitest'
import { ChargeRequestSchema } from '../../shared/schemas/requests'
import { AMOUNT_BOUNDS } from '../../shared/money'
import { ApiClientError } from '../../renderer/src/api/api-client-error'
import { amountInput, amountRewrite } from '../../renderer/src/forms/amount'
import { apiErrorToFieldErrors, errorSentence, issuesToFieldErrors } from '../../renderer/src/forms/field-errors'
import { metadataFromRows } from '../../renderer/src/forms/metadata'
import { dailyActivity } from '../../renderer/src/features/home/activity-series'

// The console's form rules: the shared schema's issues become per-field messages worded as the API
// words them; amounts typed in shillings; metadata rows; the Home chart's daily sums.

function fieldErrors(request: unknown) {
  const parsed = ChargeRequestSchema.safeParse(request)
  return parsed.success ? {} : issuesToFieldErrors(parsed.error.issues, request)
}

describe('issuesToFieldErrors', () => {
  it('says "is required" for a missing field and the schema message for a bad one, per field', () => {
    expect(fieldErrors({ phoneNumber: '123', merchantTransactionId: 'ok' })).toEqual({
      phoneNumber: 'must be a Kenyan mobile number such as +254712345678, 254712345678 or 0712345678',
      amount: 'is required',
    })
  })

  it('keys nested problems by their dotted path, as the API names error.param', () => {
    const errors = fieldErrors({ phoneNumber: '0712345678', amount: 1_000, merchantTransactionId: 'm', metadata: { subMerchantDetails: { email: 'nope' } } })
    expect(Object.keys(errors)).toEqual(['metadata.subMerchantDetails.email'])
  })

  it('puts an API error under the field it names, and words schema predicates as sentences', () => {
    const apiError = new ApiClientError({ type: 'conflict_error', code: 'duplicate', message: 'taken', param: 'merchantTransactionId', status: 409 })
    expect(apiErrorToFieldErrors(apiError)).toEqual({ merchantTransactionId: 'taken' })
    expect(apiErrorToFieldErrors(new Error('x'))).toEqual({})
    expect(errorSentence('Amount', 'is required')).toBe('Amount is required.')
    expect(errorSentence('Reference', 'A transaction with merchantTransactionId x already exists.')).toBe('A transaction with merchantTransactionId x already exists.')
  })
})

describe('amounts in shillings', () => {
  it('parses typed shillings into minor units and flags text that is not an amount', () => {
    expect(amountInput('1,250.50')).toEqual({ minor: 125_050 })
    expect(amountInput('')).toEqual({ minor: undefined })
    expect(amountInput('12.345').formatError).toMatch(/amount in shillings/)
  })

  it("restates the schema's minor-unit range in shillings", () => {
    const rewrite = amountRewrite(AMOUNT_BOUNDS.charge)
    expect(rewrite('amount', 'must be an integer from 1000 to 25000000 (minor units)')).toBe('must be from KES 10.00 to 250,000.00, whole shillings')
    expect(rewrite('amount', 'is required')).toBe('is required')
    expect(rewrite('narration', 'must be at most 140 characters')).toBe('must be at most 140 characters')
  })
})

describe('metadataFromRows', () => {
  it('skips blank rows, reports repeated keys and values without a key, and adds reserved entries', () => {
    const rows = [
      { id: 'a', key: 'orderId', value: '42' },
      { id: 'b', key: '', value: '' },
      { id: 'c', key: 'orderId', value: '43' },
      { id: 'd', key: '', value: 'orphan' },
    ]
    const result = metadataFromRows(rows, { subMerchantDetails: { name: 'Shop' } })
    expect(result.metadata).toEqual({ orderId: '43', subMerchantDetails: { name: 'Shop' } })
    expect(result.errors).toEqual({ 'metadata.orderId': 'Key orderId is used twice', 'metadata.#d': 'Give this value a key, or clear it' })
    expect(metadataFromRows([]).metadata).toBeUndefined()
  })
})

describe('dailyActivity', () => {
  // Home's daily figures are the settlement report's (one source with the Statements screen), per local day
  // of the organization's zone; what moved nothing is not in the report's sums.
  it('takes each local day\'s completed charges and paid payouts from the daily settlement report', () => {
    const day = (date: string, charges: number, payouts: number) => ({
      day: date, chargesCompleted: { count: 1, amount: charges }, fees: 0, settled: 0, payouts: { count: 1, amount: payouts },
      reversals: { count: 0, amount: 0 }, collectionsClosing: { available: 0, pending: 0 },
    })
    const report = { environment: 'test' as const, from: '2026-11-20', to: '2026-11-21', timeZone: 'Africa/Nairobi', days: [day('2026-11-20', 20_000, 15_000), day('2026-11-21', 0, 0)] }
    expect(dailyActivity(report)).toEqual([
      { day: '2026-11-20', collectionsMinor: 20_000, payoutsMinor: 15_000 },
      { day: '2026-11-21', collectionsMinor: 0, payoutsMinor: 0 },
    ])
  })
})
