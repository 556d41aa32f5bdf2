import { ApiError } from '../../../shared/errors'
import type { Operation } from './types'

/** GET /v1/local-bank-codes?country=KE: Kenya is the only country with local transfers. */
export const bankCodesList: Operation<'bankCodes.list'> = (ctx, { query }) => {
  const country = query.country.toUpperCase()
  if (country !== 'KE') throw new ApiError('invalid_parameter', `Bank codes are not available for country ${country}; only KE is supported.`, 'country')
  return ctx.store.bankCodes.list(country).map((bank) => ({ bankCode: bank.code, bankName: bank.name }))
}
