import { computeFee } from '../domain/fees'
import { accepted, acceptPending } from '../lifecycle/accept'
import { assertForceStatusAllowed, assertReferenceFree, tariffOf } from './support/guards'
import type { Operation } from './types'

/** POST /v1/mobile/charge: a push prompt to the customer's phone; the simulator decides the answer. */
export const mobileCharge: Operation<'mobile.charge'> = (ctx, { body }) => {
  assertForceStatusAllowed(ctx, body.forceStatus)
  assertReferenceFree(ctx, body.merchantTransactionId)
  const { organizationId, environment } = ctx.principal
  const account = ctx.store.accounts.resolveIdentity(organizationId, environment, 'collections', body.shortcode)
  const row = acceptPending(ctx, ctx.principal, {
    type: 'charge', timedKind: 'charge', account, amount: body.amount, fees: computeFee(tariffOf(ctx), 'charge', body.amount),
    merchantTransactionId: body.merchantTransactionId, phoneNumber: body.phoneNumber, narration: body.narration,
    webhookUrl: body.webhookUrl, metadata: body.metadata, customerId: body.customerId, subMerchantId: body.subMerchantId,
    shortcode: body.shortcode, forceStatus: body.forceStatus,
  })
  return accepted(row)
}
