import { PhoneNumberSchema } from '../../../../shared/schemas/common'
import type { ApprovalSummary } from '../../../../shared/schemas/team'
import type { AccountNameType } from '../../../../shared/schemas/account-names'
import type { ApprovalRow } from '../../db/approvals-repo'
import { computeFee, type FeeKind } from '../../domain/fees'
import { lookupAccountName } from '../../lifecycle/account-names'
import type { OperationContext } from '../types'
import { tariffOf } from './guards'

type Body = Record<string, unknown>
const text = (body: Body, key: string): string | null => (typeof body[key] === 'string' ? (body[key] as string) : null)

/** The registered name the name check answers for an account (what the maker's confirmation showed). */
function registeredName(ctx: OperationContext, accountType: AccountNameType, accountId: string, bankCode?: string): string | null {
  return lookupAccountName(ctx.store, { accountType, accountId, bankCode }).accountName
}

function payout(ctx: OperationContext, row: ApprovalRow, body: Body, kind: FeeKind, recipient: Pick<ApprovalSummary, 'phoneNumber' | 'accountId' | 'recipientName'>): ApprovalSummary {
  return {
    ...recipient, amount: row.amount, fee: computeFee(tariffOf(ctx), kind, row.amount),
    merchantTransactionId: text(body, 'merchantTransactionId'), narration: text(body, 'narration'),
  }
}

function b2c(ctx: OperationContext, row: ApprovalRow, body: Body): ApprovalSummary {
  const phone = PhoneNumberSchema.safeParse(body['phoneNumber'])
  const phoneNumber = phone.success ? phone.data : (text(body, 'phoneNumber') ?? '')
  return payout(ctx, row, body, 'b2c', { phoneNumber, recipientName: phone.success ? registeredName(ctx, 'mobile_mobile', phone.data) : null })
}

function b2b(ctx: OperationContext, row: ApprovalRow, body: Body): ApprovalSummary {
  const accountId = text(body, 'accountNumber') ?? ''
  const type = body['accountNumberType'] === 'paybill' ? 'mobile_paybill' : 'mobile_till'
  return payout(ctx, row, body, 'b2b', { accountId, recipientName: registeredName(ctx, type, accountId) })
}

function bankTransfer(ctx: OperationContext, row: ApprovalRow, body: Body): ApprovalSummary {
  const accountId = text(body, 'beneficiaryAccountId') ?? ''
  const bankCode = text(body, 'beneficiaryBankCode') ?? undefined
  return payout(ctx, row, body, 'bankTransfer', { accountId, recipientName: registeredName(ctx, 'instantbank', accountId, bankCode) ?? text(body, 'beneficiaryName') })
}

/** A reversal pays the charge's customer back: their phone and name, the charge's reference. */
function reversal(ctx: OperationContext, row: ApprovalRow, body: Body): ApprovalSummary {
  const id = text(body, 'transactionId')
  const charge = id === null ? undefined : ctx.store.transactions.getByPublicId(row.organization_id, row.environment, id)
  const phoneNumber = charge?.phone_number ?? undefined
  return {
    phoneNumber, recipientName: phoneNumber ? registeredName(ctx, 'mobile_mobile', phoneNumber) : null, amount: row.amount, fee: null,
    merchantTransactionId: charge?.merchant_transaction_id ?? null, narration: text(body, 'narration'),
  }
}

/**
 * What the maker saw in the confirmation, for the approver: recipient (phone or account) and the name the
 * name check answers for it, amount, fee, reference and narration; for a bulk payout its rows and totals.
 * Null for what moves no money (a live API key).
 */
export function summaryOf(ctx: OperationContext, row: ApprovalRow): ApprovalSummary | null {
  const body = row.request_body
  if (body === null || typeof body !== 'object') return null
  const fields = body as Body
  switch (row.action) {
    case 'b2c': return b2c(ctx, row, fields)
    case 'b2b': return b2b(ctx, row, fields)
    case 'bank-transfer': return bankTransfer(ctx, row, fields)
    case 'reversal': return reversal(ctx, row, fields)
    case 'bulk-payout': {
      const fees = typeof fields['fees'] === 'number' ? fields['fees'] : 0
      const rows = typeof fields['rows'] === 'number' ? fields['rows'] : 0
      return { recipientName: null, amount: row.amount, fee: fees, merchantTransactionId: null, narration: null, rows, total: row.amount, fees }
    }
    default: return null
  }
}
