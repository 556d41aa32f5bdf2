import { ApiError } from '../../../shared/errors'
import { CUSTOMER_DEFAULTS, type Customer } from '../../../shared/schemas/customers'
import type { CustomerRow } from '../db/customers-repo'
import type { Store } from '../db/store'
import { dayStart } from '../lifecycle/customers'
import { PROMPT_TIMEOUT_MS } from '../lifecycle/plan'
import type { PartialOperationTable } from './types'

function toCustomer(store: Store, row: CustomerRow, now: number): Customer {
  return {
    phoneNumber: row.phone_number, name: row.name, balance: row.balance, dailyLimit: row.daily_limit, status: row.status,
    spentToday: store.customers.spentSince(row.phone_number, dayStart(now)),
    promptTransactionId: store.customers.pendingCharge(row.phone_number, now - PROMPT_TIMEOUT_MS) ?? null,
  }
}

export const CONSOLE_CUSTOMERS_OPERATIONS: PartialOperationTable<'console.customers.list' | 'console.customers.put' | 'console.customers.delete'> = {
  'console.customers.list': (ctx) => ({ items: ctx.store.customers.list().map((row) => toCustomer(ctx.store, row, ctx.now)) }),
  'console.customers.put': (ctx, { params, body }) => {
    const existing = ctx.store.customers.get(params.phoneNumber)
    const row = ctx.store.customers.upsert({
      phone_number: params.phoneNumber,
      name: body.name !== undefined ? body.name : existing?.name ?? null,
      balance: body.balance ?? existing?.balance ?? CUSTOMER_DEFAULTS.balance,
      daily_limit: body.dailyLimit ?? existing?.daily_limit ?? CUSTOMER_DEFAULTS.dailyLimit,
      status: body.status ?? existing?.status ?? 'active',
      created_at: existing?.created_at ?? ctx.now,
      updated_at: ctx.now,
    })
    return toCustomer(ctx.store, row, ctx.now)
  },
  'console.customers.delete': (ctx, { params }) => {
    const existing = ctx.store.customers.get(params.phoneNumber)
    if (!existing) throw new ApiError('not_found', `No simulated customer ${params.phoneNumber}.`, 'phoneNumber')
    const view = toCustomer(ctx.store, existing, ctx.now)
    ctx.store.customers.remove(params.phoneNumber)
    return view
  },
}
