import { AccountListSchema, BalanceSchema, BankCodeSchema } from '../../schemas/account'
import {
  AccountsQuerySchema, B2bRequestSchema, B2cRequestSchema, BalanceQuerySchema, BankCodesQuerySchema, BankTransferRequestSchema,
  ChargeRequestSchema, ReverseRequestSchema, TransactionPathSchema, TransactionQuerySchema, TransactionsQuerySchema,
} from '../../schemas/requests'
import { AcceptedSchema, TransactionAltSchema, TransactionListSchema, TransactionSchema } from '../../schemas/transaction'
import { AccountNameQuerySchema, AccountNameValidationSchema } from '../../schemas/account-names'
import { z } from 'zod'
import { defineRoutes } from '../route'
import {
  ACCOUNT_NAME_REFUSALS, BALANCE_REFUSALS, BANK_TRANSFER_REFUSALS, MOBILE_PAYMENT_REFUSALS, REVERSE_REFUSALS, TRANSACTION_BY_ID_REFUSALS,
  TRANSACTION_GET_REFUSALS, TRANSACTIONS_LIST_REFUSALS,
} from './public-refusals'

const INITIATED = 'Transaction initiated successfully'

export const PUBLIC_ROUTES = defineRoutes({
  'mobile.charge': {
    method: 'POST', path: '/v1/mobile/charge', surface: 'public', permission: 'payments.create', tag: 'Collections',
    summary: 'Mobile-money charge (push prompt to the customer)',
    description: 'Accepted with 202; the result arrives as transaction.succeeded or transaction.failed.',
    body: ChargeRequestSchema, response: AcceptedSchema, successStatus: 202, message: INITIATED, idempotency: 'optional',
    refusals: MOBILE_PAYMENT_REFUSALS,
  },
  'mobile.b2c': {
    method: 'POST', path: '/v1/mobile/b2c', surface: 'public', permission: 'payments.create', approval: 'b2c', tag: 'Payouts',
    summary: 'Mobile-money disbursement to a phone (B2C)',
    description: 'Reserves amount + fee from the payouts float; rejected (still 202) when the float cannot cover it.',
    body: B2cRequestSchema, response: AcceptedSchema, successStatus: 202, message: INITIATED, idempotency: 'optional',
    refusals: MOBILE_PAYMENT_REFUSALS,
  },
  'mobile.b2b': {
    method: 'POST', path: '/v1/mobile/b2b', surface: 'public', permission: 'payments.create', approval: 'b2b', tag: 'Payouts',
    summary: 'Business-to-business transfer to a till or paybill (B2B)',
    description: 'Pays a till, or a paybill with its account reference (beneficiary, required for a paybill), from the payouts float. Accepted with 202; rejected (still 202) when the float cannot cover amount + fee; the result arrives as payout.succeeded or payout.failed.',
    body: B2bRequestSchema, response: AcceptedSchema, successStatus: 202, message: INITIATED, idempotency: 'optional',
    refusals: MOBILE_PAYMENT_REFUSALS,
  },
  'mobile.reverse': {
    method: 'POST', path: '/v1/mobile/reverse', surface: 'public', permission: 'reversals.request', approval: 'reversal', tag: 'Collections',
    summary: 'Reverse a completed mobile-money charge',
    description: 'Full amount, at most once per charge. Idempotency-Key is required with a live key.',
    body: ReverseRequestSchema, response: AcceptedSchema.pick({ transactionId: true, upstream: true }), successStatus: 202,
    message: 'Reversal initiated successfully', idempotency: 'required-live',
    refusals: REVERSE_REFUSALS,
  },
  'bank.transfer': {
    method: 'POST', path: '/v1/local-bank-transfer', surface: 'public', permission: 'payments.create', approval: 'bank-transfer', tag: 'Bank transfers',
    summary: 'Local bank transfer over INSTANTBANK',
    description: 'Idempotency-Key is required with a live key.',
    body: BankTransferRequestSchema, response: AcceptedSchema, successStatus: 202,
    message: 'Bank transfer initiated successfully', idempotency: 'required-live',
    refusals: BANK_TRANSFER_REFUSALS,
  },
  'accounts.list': {
    method: 'GET', path: '/v1/accounts', surface: 'public', permission: 'transactions.read', tag: 'Accounts',
    summary: 'List accounts (filters: type, scope)',
    description: "The organization's collections and payouts accounts in the key's environment, with available and pending balances in minor units. type filters by kind; scope (1.0.2) by default or shortcode accounts. System accounts are never listed.",
    query: AccountsQuerySchema, response: AccountListSchema, successStatus: 200, message: 'Accounts retrieved successfully', idempotency: 'none',
  },
  'balance.get': {
    method: 'GET', path: '/v1/balance', surface: 'public', permission: 'transactions.read', tag: 'Accounts',
    summary: 'Balance of one account (accountNo required since v1.0.1)',
    description: 'available and pending of one account of the caller, in minor units. accountNo is required since release 1.0.1; under 1.0.0 the legacy account=collections|payouts alone answers the default account of that type.',
    query: BalanceQuerySchema, response: BalanceSchema, successStatus: 200, message: 'Balance retrieved successfully', idempotency: 'none',
    refusals: BALANCE_REFUSALS,
  },
  'bankCodes.list': {
    method: 'GET', path: '/v1/local-bank-codes', surface: 'public', permission: 'transactions.read', tag: 'Bank transfers',
    summary: 'Bank codes for local transfers (country KE only)',
    description: 'The banks a local bank transfer may name in beneficiaryBankCode. Only Kenya (KE) has local transfers; another country is refused with 400 invalid_parameter on country.',
    query: BankCodesQuerySchema, response: z.array(BankCodeSchema), successStatus: 200, message: 'Bank codes retrieved successfully', idempotency: 'none',
  },
  'accountName.validate': {
    method: 'GET', path: '/v1/account-name-validation', surface: 'public', permission: 'transactions.read', tag: 'Accounts',
    summary: 'Registered name of a phone, till, paybill or bank account before paying it',
    description: 'An account that does not exist answers 200 with found: false and errorMessage. bankCode (from /v1/local-bank-codes) is required for instantbank.',
    query: AccountNameQuerySchema, response: AccountNameValidationSchema, successStatus: 200, message: 'Account validated', idempotency: 'none',
    refusals: ACCOUNT_NAME_REFUSALS,
  },
  'transactions.list': {
    method: 'GET', path: '/v1/transactions', surface: 'public', permission: 'transactions.read', tag: 'Transactions',
    summary: 'List transactions in a date range, newest first',
    description: 'Transactions created from startDate to endDate (a date covers its whole UTC day), newest first, at most limit (default and maximum 10000). Filters combine: type, status, accountType, accountNo, customerId and the enterprise shortcode (1.0.1).',
    query: TransactionsQuerySchema, response: TransactionListSchema, successStatus: 200, message: 'Transactions retrieved successfully', idempotency: 'none',
    refusals: TRANSACTIONS_LIST_REFUSALS,
  },
  'transactions.get': {
    method: 'GET', path: '/v1/transaction', surface: 'public', permission: 'transactions.read', tag: 'Transactions',
    summary: 'One transaction by transactionId or merchantTransactionId (exactly one)',
    description: 'The main transaction shape (Unix-millisecond times). Send exactly one of transactionId and merchantTransactionId: both, or neither, is a 400.',
    query: TransactionQuerySchema, response: TransactionSchema, successStatus: 200, message: 'Transaction retrieved successfully', idempotency: 'none',
    refusals: TRANSACTION_GET_REFUSALS,
  },
  'transactions.getById': {
    method: 'GET', path: '/v1/transactions/{transactionId}', surface: 'public', permission: 'transactions.read', tag: 'Transactions',
    summary: 'One transaction in the alternative shape (ISO dates)',
    description: 'The same transaction as GET /v1/transaction in the alternative shape: ISO 8601 times, debitOrCredit, processor and payment method.',
    params: TransactionPathSchema, response: TransactionAltSchema, successStatus: 200, message: 'Transaction retrieved successfully', idempotency: 'none',
    refusals: TRANSACTION_BY_ID_REFUSALS,
  },
})
