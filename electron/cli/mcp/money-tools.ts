import { z } from 'zod'
import { B2bRequestSchema, B2cRequestSchema, BankTransferRequestSchema, ChargeRequestSchema } from '../../../shared/schemas/requests'
import { PromptAnswerRequestSchema, PromptPathSchema } from '../../../shared/schemas/simulator'
import type { HeldForApproval } from '../../../shared/schemas/team'
import { money, transactionLine } from './text'
import { routeTool, withoutKey, type Tool } from './tool'

const idempotencyKey = z.string().min(1).max(255).optional()
  .describe('Sent as the Idempotency-Key header: the same key and body again replays the first answer instead of paying twice')

type Accepted = { transactionId: string; merchantTransactionId?: string } | HeldForApproval

/** A money request's answer: accepted (pending), or, for a team member under the approval policy, held for approval. */
const accepted = (what: string) => (data: Accepted) => {
  if ('approval' in data) {
    const { id, action, amount } = data.approval
    return `${what} held for approval: ${id} (${action}, ${money(amount)}). No money moved; it runs once approved in the console's Approvals inbox.`
  }
  return `${what} accepted: ${data.transactionId}${data.merchantTransactionId ? ` (ref ${data.merchantTransactionId})` : ''}. `
    + 'It is pending; get_transaction shows how it ends (advance_clock moves the simulated time).'
}

/** Payouts to a phone (B2C) or to a till or paybill (B2B): one tool, the route chosen by accountNumberType. */
const PayoutInputSchema = z.strictObject({
  ...B2cRequestSchema.shape,
  phoneNumber: B2cRequestSchema.shape.phoneNumber.optional().describe('The customer\'s phone (B2C); leave out for a till or paybill'),
  accountNumber: B2bRequestSchema.shape.accountNumber.optional().describe('Till or paybill number (B2B)'),
  accountNumberType: B2bRequestSchema.shape.accountNumberType.optional().describe('till or paybill: makes this a B2B payout'),
  beneficiary: B2bRequestSchema.shape.beneficiary.describe('The paybill\'s account reference (required for paybill)'),
  amount: B2cRequestSchema.shape.amount.describe('Cents (minor units): 150000 is KES 1,500.00'),
  idempotencyKey,
})

export const MONEY_TOOLS: Tool[] = [
  routeTool({
    name: 'create_charge',
    description: 'Charge a customer\'s phone (M-Pesa-style push prompt) in the test environment. amount in cents. With the simulator in interactive mode the charge waits for answer_prompt.',
    input: ChargeRequestSchema.extend({ idempotencyKey }),
    route: 'mobile.charge',
    call: (args) => withoutKey(args),
    text: accepted('Charge'),
  }),
  routeTool({
    name: 'create_payout',
    description: 'Pay out from the payouts float in the test environment: to a phone (B2C: phoneNumber), or to a till or paybill (B2B: accountNumber + accountNumberType). amount in cents.',
    input: PayoutInputSchema,
    route: (args) => (args.accountNumberType === undefined ? 'mobile.b2c' : 'mobile.b2b'),
    call: (args) => withoutKey(args),
    text: accepted('Payout'),
  }),
  routeTool({
    name: 'create_bank_transfer',
    description: 'A local bank transfer over INSTANTBANK from the payouts account, in the test environment only. amount in cents.',
    input: BankTransferRequestSchema.extend({ idempotencyKey }),
    route: 'bank.transfer',
    call: (args) => withoutKey(args),
    text: accepted('Bank transfer'),
  }),
  routeTool({
    name: 'answer_prompt',
    description: 'Answer a charge\'s push prompt as the customer on the handset: approve, wrong_pin or cancel. The charge finalizes at once. Needs the simulator in interactive mode.',
    input: PromptPathSchema.extend(PromptAnswerRequestSchema.shape),
    route: 'console.prompts.answer',
    call: ({ transactionId, answer }) => ({ params: { transactionId }, body: { answer } }),
    text: (t) => `Prompt answered. ${transactionLine(t)}${t.fees ? ` (fee ${money(t.fees)})` : ''}`,
  }),
]
