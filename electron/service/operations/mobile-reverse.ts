import { ApiError } from '../../../shared/errors'
import { reserveReversal } from '../ledger/postings'
import { moveMoney } from '../ledger/move-money'
import { settleChargeNow } from '../lifecycle/settle'
import { acceptPending, acceptRejected } from '../lifecycle/accept'
import { assertForceStatusAllowed } from './support/guards'
import type { Operation } from './types'

/**
 * POST /v1/mobile/reverse. A reversal undoes a charge in full: the customer gets the amount back, the
 * merchant gives up the net it received and the fee is refunded. An unsettled charge is settled first
 * so the reservation always comes out of collections `available`.
 */
export const mobileReverse: Operation<'mobile.reverse'> = (ctx, { body }) => {
  assertForceStatusAllowed(ctx, body.forceStatus)
  const { organizationId, environment } = ctx.principal
  let charge = ctx.store.transactions.getByPublicId(organizationId, environment, body.transactionId)
  if (!charge) throw new ApiError('not_found', `No transaction ${body.transactionId}.`, 'transactionId')
  if (charge.type !== 'charge') throw new ApiError('validation_error', `Only mobile-money charges can be reversed; ${body.transactionId} is a ${charge.type}.`, 'transactionId')
  const active = ctx.store.transactions.related(charge.id).find((r) => r.type === 'reversal' && (r.status === 'pending' || r.status === 'completed'))
  if (active) throw new ApiError('conflict', `Charge ${body.transactionId} already has reversal ${active.public_id}.`, 'transactionId')
  if (charge.status !== 'completed' && charge.status !== 'settled') {
    throw new ApiError('validation_error', `Only completed or settled charges can be reversed; ${body.transactionId} is ${charge.status}.`, 'transactionId')
  }
  // The reversal's reservation comes out of collections `available`, so an unsettled charge settles now;
  // its timeline says so, rather than reading like an ordinary settlement.
  if (charge.status === 'completed') charge = settleChargeNow(ctx, charge, 'Settled early so that it could be reversed')
  const account = ctx.store.accounts.get(charge.account_id)!
  const net = charge.amount - charge.fees
  const acceptance = {
    type: 'reversal' as const, timedKind: 'reversal' as const, account, amount: charge.amount, fees: 0,
    merchantTransactionId: null, phoneNumber: charge.phone_number, narration: body.narration ?? `Reversal of ${charge.public_id}`,
    webhookUrl: body.webhookUrl ?? charge.webhook_url ?? undefined, forceStatus: body.forceStatus, relatedId: charge.id,
  }
  if (account.available < net) {
    const rejected = acceptRejected(ctx, ctx.principal, acceptance, 'insufficient_collections', `Collections account ${account.account_no} no longer holds the ${net} minor units this reversal needs.`)
    return { transactionId: rejected.public_id }
  }
  const reversal = acceptPending(ctx, ctx.principal, acceptance)
  ctx.store.transactions.patch(charge, ctx.now, { related_id: reversal.id })
  moveMoney(ctx, reversal, reserveReversal(account.id, net))
  return { transactionId: reversal.public_id }
}
