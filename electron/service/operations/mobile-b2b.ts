import { computeFee } from '../domain/fees'
import { accepted, acceptPayout } from '../lifecycle/accept'
import { assertForceStatusAllowed, assertReferenceFree, tariffOf } from './support/guards'
import type { Operation } from './types'

/** POST /v1/mobile/b2b: pays a till or paybill from the payouts float. */
export const mobileB2b: Operation<'mobile.b2b'> = (ctx, { body }) => {
  assertForceStatusAllowed(ctx, body.forceStatus)
  assertReferenceFree(ctx, body.merchantTransactionId)
  const { organizationId, environment } = ctx.principal
  const account = ctx.store.accounts.resolveIdentity(organizationId, environment, 'payouts', body.shortcode)
  const row = acceptPayout(ctx, ctx.principal, {
    type: 'payment', timedKind: 'mobilePayout', account, amount: body.amount, fees: computeFee(tariffOf(ctx), 'b2b', body.amount),
    merchantTransactionId: body.merchantTransactionId, phoneNumber: null, narration: body.narration, webhookUrl: body.webhookUrl,
    metadata: body.metadata, customerId: body.customerId, subMerchantId: body.subMerchantId, shortcode: body.shortcode,
    forceStatus: body.forceStatus,
    counterparty: { kind: body.accountNumberType, accountNumber: body.accountNumber, beneficiary: body.beneficiary ?? null },
  })
  return accepted(row)
}
