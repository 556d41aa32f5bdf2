import type { Account, Balance } from '../../../shared/schemas/account'
import type { AccountRow } from '../db/rows'

export function toAccount(row: AccountRow): Account {
  const account: Account = {
    type: row.kind === 'payouts' ? 'payouts' : 'collections', currency: row.currency, available: row.available, pending: row.pending,
    status: row.status, default: row.is_default === 1, accountNo: row.account_no, name: row.name, hostType: row.host_type, shortcodeId: row.shortcode,
  }
  if (row.environment === 'live' && row.kind === 'payouts' && row.bank_name) {
    Object.assign(account, { bankName: row.bank_name, bankCode: row.bank_code ?? '', branchCode: row.branch_code ?? '', swiftCode: row.swift_code ?? '' })
  }
  return account
}

export function toBalance(row: AccountRow): Balance {
  return {
    account: row.kind === 'payouts' ? 'payouts' : 'collections', balance: row.available, currency: row.currency,
    available: row.available, pending: row.pending, updatedAt: new Date(row.updated_at).toISOString(), accountNo: row.account_no,
  }
}
