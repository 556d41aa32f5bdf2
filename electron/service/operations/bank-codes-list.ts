import type { Operation } from './types'

/** GET /v1/local-bank-codes?country=KE: Kenya is the only country with local transfers (the query schema refuses others). */
export const bankCodesList: Operation<'bankCodes.list'> = (ctx, { query }) =>
  ctx.store.bankCodes.list(query.country.toUpperCase()).map((bank) => ({ bankCode: bank.code, bankName: bank.name }))
