import { ApiError } from '../../../shared/errors'
import { computeFee } from '../domain/fees'
import { accepted, acceptPayout } from '../lifecycle/accept'
import { assertForceStatusAllowed, assertReferenceFree, findOwnAccount, tariffOf } from './support/guards'
import type { Operation } from './types'

/** POST /v1/local-bank-transfer: INSTANTBANK transfer funded by the named payouts account. */
export const bankTransfer: Operation<'bank.transfer'> = (ctx, { body }) => {
  assertForceStatusAllowed(ctx, body.forceStatus)
  const sender = findOwnAccount(ctx, body.senderAccountNo, 'senderAccountNo')
  if (sender.kind !== 'payouts') throw new ApiError('invalid_parameter', `senderAccountNo ${body.senderAccountNo} is a ${sender.kind} account; transfers are funded from a payouts account.`, 'senderAccountNo')
  if (sender.status !== 'active') throw new ApiError('validation_error', `Payouts account ${body.senderAccountNo} is ${sender.status}.`, 'senderAccountNo')
  const bank = ctx.store.bankCodes.get('KE', body.beneficiaryBankCode)
  if (!bank) throw new ApiError('invalid_parameter', `beneficiaryBankCode ${body.beneficiaryBankCode} is not in the bank-codes list (GET /v1/local-bank-codes?country=KE).`, 'beneficiaryBankCode')
  if (body.beneficiaryAccountCcy !== sender.currency) {
    throw new ApiError('invalid_parameter', `beneficiaryAccountCcy must be ${sender.currency}, the currency of the sender account.`, 'beneficiaryAccountCcy')
  }
  assertReferenceFree(ctx, body.merchantTransactionId)
  const row = acceptPayout(ctx, ctx.principal, {
    type: 'bank_withdrawal', timedKind: 'bank', account: sender, amount: body.amount, fees: computeFee(tariffOf(ctx), 'bankTransfer', body.amount),
    merchantTransactionId: body.merchantTransactionId, phoneNumber: null, narration: body.narration, webhookUrl: body.webhookUrl,
    metadata: body.metadata, forceStatus: body.forceStatus,
    counterparty: {
      kind: 'bank', accountNumber: body.beneficiaryAccountId, bankCode: bank.code, bankName: body.beneficiaryBankName,
      accountName: body.beneficiaryName, branchCode: body.beneficiaryBranchCode || null, senderAddress: body.senderAddress,
      paymentPurposeId: body.paymentPurposeId ?? null,
    },
  })
  return accepted(row)
}
