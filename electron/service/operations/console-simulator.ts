import { ApiError } from '../../../shared/errors'
import type { AccountKind, AccountRow } from '../db/rows'
import { toTransaction } from '../views/transaction'
import type { OperationContext } from './types'
import { sweepCollections, topUpAccount } from '../lifecycle/funds'
import { answerPrompt, isAwaitingPrompt } from '../lifecycle/prompts'
import { resetSandbox } from '../lifecycle/reset'
import { simulatorState, updateSimulator } from '../lifecycle/simulator-settings'
import { settleChargeNow } from '../lifecycle/settle'
import { findOwnAccount, tariffOf } from './support/guards'
import { toAccount } from '../views/account'
import { toPrompt } from '../views/prompt'
import type { PartialOperationTable } from './types'

type SimulatorRouteId =
  | 'console.simulator.get' | 'console.simulator.update' | 'console.simulator.advance' | 'console.simulator.settle'
  | 'console.simulator.reset' | 'console.prompts.list' | 'console.prompts.answer' | 'console.funds.topUp' | 'console.funds.sweep'
  | 'console.fees.get' | 'console.fees.update'

function ownTransaction(ctx: OperationContext, transactionId: string) {
  const row = ctx.store.transactions.getByPublicId(ctx.principal.organizationId, ctx.principal.environment, transactionId)
  if (!row) throw new ApiError('not_found', `No transaction ${transactionId} in the ${ctx.principal.environment} environment.`, 'transactionId')
  return row
}

/** The named account, which must be of `kind`; or the organization's default account of that kind. */
function accountOfKind(ctx: OperationContext, accountNo: string | undefined, kind: AccountKind, param: string): AccountRow {
  const { organizationId, environment } = ctx.principal
  if (accountNo === undefined) return ctx.store.accounts.resolve(organizationId, environment, kind)
  const account = findOwnAccount(ctx, accountNo, param)
  if (account.kind !== kind) throw new ApiError('invalid_parameter', `${param} ${accountNo} is a ${account.kind} account; a ${kind} account is needed.`, param)
  return account
}

/** The simulator's settings and where simulated time stands now (after an advance, not when the unit began). */
function stateOf(ctx: OperationContext) {
  return simulatorState(ctx.store, ctx.host.clock.now(), ctx.host.clock.offsetMs())
}

/** Operations of the console simulator routes (shared/api/routes/console-simulator.ts); the rules live in simulator/. */
export const CONSOLE_SIMULATOR_OPERATIONS: PartialOperationTable<SimulatorRouteId> = {
  'console.simulator.get': (ctx) => stateOf(ctx),
  'console.simulator.update': (ctx, { body }) => {
    updateSimulator(ctx, body)
    return stateOf(ctx)
  },
  'console.simulator.advance': (ctx, { body }) => {
    ctx.host.clock.advance(body.ms)
    return stateOf(ctx)
  },
  'console.simulator.settle': (ctx, { body }) => {
    const { organizationId, environment } = ctx.principal
    let charges = ctx.store.transactions.completedCharges(organizationId, environment)
    if (body.transactionId !== undefined) {
      const charge = ownTransaction(ctx, body.transactionId)
      if (charge.type !== 'charge' || charge.status !== 'completed') {
        throw new ApiError('validation_error', `Only completed charges settle; ${charge.public_id} is a ${charge.status} ${charge.type}.`, 'transactionId')
      }
      charges = [charge]
    }
    return { settled: charges.map((charge) => settleChargeNow(ctx, charge).public_id) }
  },
  'console.simulator.reset': (ctx) => {
    const { removedTransactions, accounts } = resetSandbox(ctx, ctx.principal.organizationId, ctx.principal.environment)
    return { environment: ctx.principal.environment, removedTransactions, accounts: accounts.map(toAccount) }
  },
  'console.prompts.list': (ctx) => ({
    items: ctx.store.transactions.awaitingPrompts(ctx.principal.organizationId, ctx.principal.environment, ctx.now).map(toPrompt),
  }),
  'console.prompts.answer': (ctx, { params, body }) => {
    const row = ownTransaction(ctx, params.transactionId)
    if (!isAwaitingPrompt(row)) {
      throw new ApiError('validation_error', `Transaction ${row.public_id} is not waiting for the customer's answer (it is a ${row.status} ${row.type}).`, 'transactionId')
    }
    if (row.due_at !== null && row.due_at <= ctx.now) {
      throw new ApiError('validation_error', `The prompt of ${row.public_id} expired at ${new Date(row.due_at).toISOString()}; it times out (1037).`, 'transactionId')
    }
    return toTransaction(answerPrompt(ctx, row, body.answer))
  },
  'console.funds.topUp': (ctx, { body }) => {
    const account = findOwnAccount(ctx, body.accountNo, 'accountNo')
    return toTransaction(topUpAccount(ctx, account, body.amount))
  },
  'console.funds.sweep': (ctx, { body }) => {
    const from = accountOfKind(ctx, body.fromAccountNo, 'collections', 'fromAccountNo')
    const to = accountOfKind(ctx, body.toAccountNo, 'payouts', 'toAccountNo')
    if (from.available < body.amount) {
      throw new ApiError('validation_error', `Collections account ${from.account_no} has ${from.available} minor units available; the sweep needs ${body.amount}.`, 'amount')
    }
    return toTransaction(sweepCollections(ctx, from, to, body.amount))
  },
  'console.fees.get': (ctx) => tariffOf(ctx),
  'console.fees.update': (ctx, { body }) => {
    ctx.store.organizations.setFeeTariff(ctx.principal.organizationId, body)
    return tariffOf(ctx)
  },
}
