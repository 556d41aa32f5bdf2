import { AMOUNT_BOUNDS, NARRATION_MAX_LENGTH, formatMinor } from '../../../shared/money'
import { KRA_PIN_RULE, TAX_INVOICE_KEYS, TAX_INVOICE_RULE, taxInvoiceKeyProblem } from '../../../shared/tax-invoice'
import { MERCHANT_REFERENCE_PATTERN } from '../../../shared/schemas/common'
import type { FeeTariff } from '../../../shared/schemas/fees'
import type { NewPayoutBatchRow } from '../db/payout-batch-rows-repo'
import type { Store } from '../db/store'
import { computeFee } from '../domain/fees'
import { readAmount, readPhone } from '../domain/search-query'
import { lookupAccountName } from '../lifecycle/account-names'
import type { FileRow } from './parse-file'

/** A retry adds `-R<n>` to a row's reference, so references in a file leave room for it (the API takes 64). */
export const FILE_REFERENCE_MAX = 60
const BANK_ACCOUNT = /^[A-Za-z0-9-]{1,34}$/

export interface CheckContext {
  store: Store
  organizationId: string
  environment: string
  tariff: FeeTariff
  /** The batch's id: a row without a reference gets `<batch id>-<line>`, stable across retries and restarts. */
  batchId: string
}

export type CheckedRow = Omit<NewPayoutBatchRow, 'batch_id'>

/** "1,500.00", "KES 1,500", "1500" -> minor units, or the row's error about it. */
function readRowAmount(text: string | undefined, kind: 'mobile' | 'bank', errors: string[]): number | null {
  if (text === undefined) {
    errors.push('amount is missing')
    return null
  }
  const minor = readAmount(text)
  if (minor === null) {
    errors.push(/\d/.test(text) && !/[1-9]/.test(text) ? 'amount must be more than zero' : `amount ${text.slice(0, 40)} is not an amount in shillings; write 1500, 1,500.00 or KES 1,500`)
    return null
  }
  const max = kind === 'mobile' ? AMOUNT_BOUNDS.b2c.max : AMOUNT_BOUNDS.bankTransfer.max
  if (minor > max) errors.push(`amount KES ${formatMinor(minor)} is over the limit of KES ${formatMinor(max)} per ${kind === 'mobile' ? 'M-Pesa payout' : 'bank transfer'}`)
  return minor
}

/** Why a phone cell is not a number Paydesk can pay, as a person would say it ("phone 07123 is too short"). */
function phoneProblem(text: string): string {
  const shown = text.slice(0, 40)
  const digits = text.replace(/\D/g, '')
  if (/[A-Za-z]/.test(text)) return `phone ${shown} has letters in it; write it as 0712345678 or +254712345678`
  if (digits.length < 9) return `phone ${shown} is too short; a Kenyan mobile number is 10 digits, like 0712345678`
  if (digits.length > 12) return `phone ${shown} is too long; a Kenyan mobile number is 10 digits, like 0712345678`
  return `phone ${shown} is not a Kenyan mobile number; write it as 0712345678 or +254712345678`
}

function mobileRecipient(ctx: CheckContext, row: FileRow, errors: string[]): Pick<CheckedRow, 'phone_number' | 'recipient_name'> {
  const text = row.cells.phoneNumber
  if (text === undefined) {
    errors.push('phone is missing')
    return { phone_number: null, recipient_name: null }
  }
  const phone = readPhone(text)
  if (phone === null) {
    errors.push(phoneProblem(text))
    return { phone_number: text.slice(0, 40), recipient_name: null }
  }
  const name = lookupAccountName(ctx.store, { accountType: 'mobile_mobile', accountId: phone })
  if (!name.found) errors.push(`the name check found no M-Pesa account for ${phone}`)
  else if (name.restrictStatus === '1') errors.push(`the M-Pesa account of ${phone} (${name.accountName}) is restricted: a payout to it would fail`)
  return { phone_number: phone, recipient_name: name.accountName }
}

type BankFields = Pick<CheckedRow, 'bank_code' | 'account_number' | 'account_name' | 'recipient_name'>

function bankRecipient(ctx: CheckContext, row: FileRow, errors: string[]): BankFields {
  const { bankCode, accountNumber, accountName } = row.cells
  const fields: BankFields = { bank_code: bankCode?.slice(0, 10) ?? null, account_number: accountNumber?.slice(0, 40) ?? null, account_name: accountName?.slice(0, 140) ?? null, recipient_name: null }
  const bank = bankCode === undefined ? undefined : ctx.store.bankCodes.get('KE', bankCode)
  if (bankCode === undefined) errors.push('bank code is missing (a bank row needs a bank code and an account number)')
  else if (!bank) errors.push(`bank code ${bankCode.slice(0, 10)} is not a Kenyan bank Paydesk knows (the bank list is under Payouts, Bank transfer)`)
  if (accountNumber === undefined) errors.push('account number is missing')
  else if (!BANK_ACCOUNT.test(accountNumber)) errors.push('account number must be 1-34 letters, digits or hyphens')
  if (accountName !== undefined && accountName.length > 140) errors.push('account name must be at most 140 characters')
  if (bank && accountNumber !== undefined && BANK_ACCOUNT.test(accountNumber)) {
    const name = lookupAccountName(ctx.store, { accountType: 'instantbank', accountId: accountNumber, bankCode: bank.code })
    if (!name.found) errors.push(`the name check found no account ${accountNumber} at ${bank.name}`)
    fields.recipient_name = name.accountName
  }
  return fields
}

/** The row's reference, checked against the file (`seen`: reference -> first line) and the organization's transactions. */
function rowReference(ctx: CheckContext, row: FileRow, seen: Map<string, number>, errors: string[]): string {
  const given = row.cells.reference
  const reference = given ?? `${ctx.batchId}-${row.line}`
  if (given !== undefined && (!MERCHANT_REFERENCE_PATTERN.test(given) || given.length > FILE_REFERENCE_MAX)) {
    errors.push(`reference must be 1-${FILE_REFERENCE_MAX} letters, digits, dots, underscores or hyphens`)
    return given.slice(0, 64)
  }
  const first = seen.get(reference)
  if (first !== undefined) errors.push(`reference ${reference} is also on line ${first} (a reference names one payout)`)
  else {
    seen.set(reference, row.line)
    const used = ctx.store.transactions.getByMerchantRef(ctx.organizationId, ctx.environment, reference)
    if (used) errors.push(`reference ${reference} was already used by transaction ${used.public_id}`)
  }
  return reference
}

/** The row's tax invoice number and the recipient's KRA PIN (a PIN in lower case is read in capitals), checked as the API checks them. */
function taxInvoiceCells(row: FileRow, errors: string[]): Pick<CheckedRow, 'tax_invoice_number' | 'kra_pin'> {
  const invoice = row.cells.taxInvoiceNumber || null
  const pin = row.cells.kraPin ? row.cells.kraPin.toUpperCase() : null
  if (invoice !== null && taxInvoiceKeyProblem(TAX_INVOICE_KEYS.invoice, invoice)) errors.push(`invoice "${invoice.slice(0, 40)}" ${TAX_INVOICE_RULE}`)
  if (pin !== null && taxInvoiceKeyProblem(TAX_INVOICE_KEYS.sellerPin, pin)) errors.push(`pin "${pin.slice(0, 20)}" ${KRA_PIN_RULE}`)
  return { tax_invoice_number: invoice, kra_pin: pin }
}

/** One row checked; `seen` holds the references of the file's other rows (reference -> line). */
export function checkRow(ctx: CheckContext, row: FileRow, seen: Map<string, number>): CheckedRow {
  const errors: string[] = []
  const typeText = row.cells.type?.toLowerCase() ?? 'mobile'
  if (typeText !== 'mobile' && typeText !== 'bank') errors.push(`type ${row.cells.type!.slice(0, 20)} must be mobile or bank`)
  const kind = typeText === 'bank' ? 'bank' : 'mobile'
  if (row.extraCells > 0) errors.push(`the row has ${row.extraCells} more cell${row.extraCells === 1 ? '' : 's'} than the header has columns`)
  const recipient = kind === 'mobile'
    ? { ...mobileRecipient(ctx, row, errors), bank_code: null, account_number: null, account_name: null }
    : { ...bankRecipient(ctx, row, errors), phone_number: null }
  const amount = readRowAmount(row.cells.amount, kind, errors)
  const narration = row.cells.narration ?? null
  if (narration !== null && narration.length > NARRATION_MAX_LENGTH) errors.push(`narration must be at most ${NARRATION_MAX_LENGTH} characters`)
  const reference = rowReference(ctx, row, seen, errors)
  const invoice = taxInvoiceCells(row, errors)
  const fee = amount === null ? null : computeFee(ctx.tariff, kind === 'mobile' ? 'b2c' : 'bankTransfer', amount)
  return {
    line: row.line, kind, ...recipient, intended_name: row.intendedName?.slice(0, 140) ?? null, amount, fee, reference, narration: narration?.slice(0, NARRATION_MAX_LENGTH) ?? null,
    ...invoice, errors, state: errors.length === 0 ? 'valid' : 'invalid',
  }
}

/**
 * Every row of a payout file checked as the payout API would check it, plus what a file adds: the
 * recipient's name (rows the name check does not find, or finds restricted, are invalid before anything
 * is sent), references unique in the file and not used before, amounts in shillings as people write them.
 */
export function checkRows(ctx: CheckContext, rows: readonly FileRow[]): CheckedRow[] {
  const seen = new Map<string, number>()
  return rows.map((row) => checkRow(ctx, row, seen))
}
