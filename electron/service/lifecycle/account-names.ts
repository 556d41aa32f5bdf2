import type { AccountNameType, AccountNameValidation } from '../../../shared/schemas/account-names'
import type { Store } from '../db/store'
import { businessNameFor, isNonexistentNumber, personNameFor } from '../domain/kenyan-names'

export const ACCOUNT_MISSING = 'Account does not exist.'

export interface AccountNameLookup {
  accountType: AccountNameType
  /** A phone already normalised to +254XXXXXXXXX for `mobile_mobile`; a till, paybill or account number otherwise. */
  accountId: string
  /** `instantbank` only: a code of the bank-codes list (the caller checked it). */
  bankCode?: string
}

function answer(lookup: AccountNameLookup, accountName: string | null, restricted = false): AccountNameValidation {
  return {
    found: accountName !== null, accountId: lookup.accountId, accountName, accountType: lookup.accountType,
    freezeStatus: '0', restrictStatus: restricted ? '1' : '0', errorMessage: accountName === null ? ACCOUNT_MISSING : null,
  }
}

/**
 * The registered name of a phone: the simulated customer's name, or a stable name derived from the number
 * when the customer has none or is not in the registry. Unregistered customers do not exist; blocked ones
 * exist but are restricted (their payouts fail, docs/simulator.md "Simulated customers").
 */
function mobileName(store: Store, lookup: AccountNameLookup): AccountNameValidation {
  const customer = store.customers.get(lookup.accountId)
  if (customer?.status === 'unregistered') return answer(lookup, null)
  return answer(lookup, customer?.name ?? personNameFor(lookup.accountId), customer?.status === 'blocked')
}

/**
 * What the sandbox's name check answers (DECISIONS "Account-name validation"). Accounts of the sandbox
 * itself answer with their own names: a shortcode an organization owns is that organization, and a
 * partner-bank account number one of its accounts. Everything else gets a stable derived name, except
 * numbers made of one repeated digit, which do not exist.
 */
export function lookupAccountName(store: Store, lookup: AccountNameLookup): AccountNameValidation {
  if (lookup.accountType === 'mobile_mobile') return mobileName(store, lookup)
  if (isNonexistentNumber(lookup.accountId)) return answer(lookup, null)
  if (lookup.accountType === 'mobile_till' || lookup.accountType === 'mobile_paybill') {
    const owner = store.organizations.shortcodeOwner(lookup.accountId)
    const organization = owner === undefined ? undefined : store.organizations.get(owner)
    return answer(lookup, organization?.name ?? businessNameFor(lookup.accountId))
  }
  if (lookup.accountType === 'partnerbank') {
    const account = store.accounts.getByNo(lookup.accountId)
    const own = account !== undefined && (account.kind === 'collections' || account.kind === 'payouts')
    return answer(lookup, own ? account.name : personNameFor(lookup.accountId))
  }
  return answer(lookup, personNameFor(`${lookup.bankCode ?? ''}:${lookup.accountId}`))
}
