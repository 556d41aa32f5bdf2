import type { Refusal } from '../route'

/**
 * Why the public routes refuse requests their schemas accept, as the OpenAPI document names them (each a
 * named example of its status). The operations throw these (electron/service/operations/); the property test
 * of the document (test/http/openapi-property.test.ts) checks that every refusal of a schema-valid request
 * is one of its route's.
 */
const forceStatusLive: Refusal = { name: 'forceStatusLive', kind: 'invalid_parameter', param: 'forceStatus', when: 'forceStatus is sent with a live key (it is a sandbox control for test keys).' }
const duplicateReference: Refusal = {
  name: 'duplicateReference', kind: 'conflict', param: 'merchantTransactionId', when: 'A transaction with this merchantTransactionId already exists in the environment.',
}
const idempotencyConflict: Refusal = {
  name: 'idempotencyConflict', kind: 'idempotency_conflict', param: 'Idempotency-Key', when: 'The Idempotency-Key was used before with another method, path or body.',
}
const idempotencyKeyLive: Refusal = {
  name: 'idempotencyKeyRequired', kind: 'missing_header', param: 'Idempotency-Key', when: 'No Idempotency-Key with a live key (this operation requires one in live).',
}

/** Enterprise fields need an enterprise organization, and a shortcode must be the caller's own. */
const enterprise = (params: readonly string[]): Refusal[] =>
  params.map((param) => ({
    name: `enterpriseField_${param.replace(/\W/g, '_')}`, kind: 'forbidden', param,
    when: param === 'shortcode'
      ? 'shortcode is sent by an organization not enabled for enterprise routing, or names a shortcode that is not its own.'
      : `${param} is an enterprise field and the organization is not enabled for enterprise routing.`,
  }))

const MONEY_ENTERPRISE = enterprise(['shortcode', 'subMerchantId', 'metadata.subMerchantDetails'])

export const MOBILE_PAYMENT_REFUSALS: readonly Refusal[] = [forceStatusLive, duplicateReference, idempotencyConflict, ...MONEY_ENTERPRISE]

export const REVERSE_REFUSALS: readonly Refusal[] = [
  forceStatusLive, idempotencyConflict, idempotencyKeyLive,
  { name: 'unknownTransaction', kind: 'not_found', param: 'transactionId', when: 'No transaction with this id in the environment.' },
  { name: 'notReversible', kind: 'validation_error', param: 'transactionId', when: 'The transaction is not a mobile-money charge, or the charge is not completed or settled.' },
  { name: 'alreadyReversed', kind: 'conflict', param: 'transactionId', when: 'The charge already has a pending or completed reversal.' },
]

export const BANK_TRANSFER_REFUSALS: readonly Refusal[] = [
  forceStatusLive, duplicateReference, idempotencyConflict, idempotencyKeyLive,
  { name: 'unknownSenderAccount', kind: 'not_found', param: 'senderAccountNo', when: 'senderAccountNo is not an account of the organization in this environment.' },
  { name: 'senderNotPayouts', kind: 'invalid_parameter', param: 'senderAccountNo', when: 'senderAccountNo is a collections account; transfers are funded from a payouts account.' },
  { name: 'senderSuspended', kind: 'validation_error', param: 'senderAccountNo', when: 'The payouts account is suspended.' },
  { name: 'unknownBankCode', kind: 'invalid_parameter', param: 'beneficiaryBankCode', when: 'beneficiaryBankCode is not in GET /v1/local-bank-codes?country=KE.' },
  { name: 'currencyMismatch', kind: 'invalid_parameter', param: 'beneficiaryAccountCcy', when: 'beneficiaryAccountCcy is not the currency of the sender account (KES).' },
]

export const BALANCE_REFUSALS: readonly Refusal[] = [
  { name: 'unknownAccount', kind: 'not_found', param: 'accountNo', when: 'accountNo is not an account of the organization in this environment (system accounts included).' },
  { name: 'noDefaultAccount', kind: 'not_found', param: 'account', when: 'Release 1.0.0, account alone: the organization has no default account of that type.' },
  { name: 'accountNoRequired', kind: 'missing_parameter', param: 'accountNo', when: 'No accountNo under release 1.0.1 or later (the legacy account alone is not enough).' },
]

export const TRANSACTIONS_LIST_REFUSALS: readonly Refusal[] = [
  { name: 'startAfterEnd', kind: 'validation_error', param: 'startDate', when: 'startDate is after endDate (a date-only endDate covers its whole UTC day).' },
  { name: 'unknownAccount', kind: 'not_found', param: 'accountNo', when: 'accountNo is not an account of the organization in this environment.' },
  ...enterprise(['shortcode']),
]

export const TRANSACTION_GET_REFUSALS: readonly Refusal[] = [
  { name: 'bothIds', kind: 'validation_error', param: 'transactionId', when: 'Both transactionId and merchantTransactionId are sent (send exactly one).' },
  { name: 'noId', kind: 'missing_parameter', param: 'transactionId', when: 'Neither transactionId nor merchantTransactionId is sent.' },
  { name: 'unknownTransaction', kind: 'not_found', param: 'transactionId', when: 'No transaction with this transactionId in the environment.' },
  { name: 'unknownReference', kind: 'not_found', param: 'merchantTransactionId', when: 'No transaction with this merchantTransactionId in the environment.' },
]

export const TRANSACTION_BY_ID_REFUSALS: readonly Refusal[] = [
  { name: 'unknownTransaction', kind: 'not_found', param: 'transactionId', when: 'No transaction with this id in the environment.' },
]

export const ACCOUNT_NAME_REFUSALS: readonly Refusal[] = [
  { name: 'accountIdShape', kind: 'invalid_parameter', param: 'accountId', when: 'accountId does not have the shape of its accountType: a Kenyan mobile number (mobile_mobile), 5-10 digits (mobile_till, mobile_paybill), or 1-34 letters, digits or hyphens (partnerbank, instantbank).' },
  { name: 'bankCodeRequired', kind: 'missing_parameter', param: 'bankCode', when: 'accountType instantbank without bankCode.' },
  { name: 'bankCodeNotForType', kind: 'invalid_parameter', param: 'bankCode', when: 'bankCode with an accountType other than instantbank.' },
  { name: 'unknownBankCode', kind: 'invalid_parameter', param: 'bankCode', when: 'bankCode is not in GET /v1/local-bank-codes?country=KE.' },
]
