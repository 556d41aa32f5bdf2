import { ApiError } from '../../../shared/errors'
import { PhoneNumberSchema } from '../../../shared/schemas/common'
import { lookupAccountName } from '../lifecycle/account-names'
import type { Operation } from './types'

/**
 * GET /v1/account-name-validation: who owns a phone, till, paybill or bank account, before money is sent
 * to it (DECISIONS "Account-name validation"). An account that does not exist is still a 200, with
 * `found: false`; bad parameters are a 400.
 */
export const accountNameValidation: Operation<'accountName.validate'> = (ctx, { query }) => {
  let bankCode: string | undefined
  if (query.accountType === 'instantbank') {
    const bank = ctx.store.bankCodes.get('KE', query.bankCode ?? '')
    if (!bank) throw new ApiError('invalid_parameter', `bankCode ${query.bankCode ?? ''} is not in the bank-codes list (GET /v1/local-bank-codes?country=KE).`, 'bankCode')
    bankCode = bank.code
  }
  const accountId = query.accountType === 'mobile_mobile' ? PhoneNumberSchema.parse(query.accountId) : query.accountId
  return lookupAccountName(ctx.store, { accountType: query.accountType, accountId, bankCode })
}
