import { computeFee } from '../domain/fees'
import { accepted, acceptPayout } from '../lifecycle/accept'
import { assertForceStatusAllowed, assertReferenceFree, tariffOf } from './support/guards'
import type { Operation } from './types'

/** POST /v1/mobile/b2c: pays a phone from the payouts float (amount + fee reserved at once). */
export const mobileB2c: Operation<'mobile.b2c'> = (ctx, { body }) => {
  assertForceStatusAllowed(ctx, body.forceStatus)
  assertReferenceFree(ctx, body.merchantTransactionId)
  const { organizationId, environment } = ctx.principal
  const account = ctx.store.accounts.resolveIdentity(organizationId, environment, 'payouts', body.shortcode)
  const row = acceptPayout(ctx, ctx.principal, {
    type: 'transfer', timedKind: 'mobilePayout', account, amount: body.amount, fees: computeFee(tariffOf(ctx), 'b2c', body.amount),
    merchantTransactionId: body.merchantTransactionId, phoneNumber: body.phoneNumber, narration: body.narration,
    webhookUrl: body.webhookUrl, metadata: body.metadata, customerId: body.customerId, subMerchantId: body.subMerchantId,
    shortcode: body.shortcode, forceStatus: body.forceStatus,
  })
  return accepted(row)
}
