import { AccountListSchema, BalanceSchema, BankCodeSchema } from '../../schemas/account'
import {
  AccountsQuerySchema, B2bRequestSchema, B2cRequestSchema, BalanceQuerySchema, BankCodesQuerySchema, BankTransferRequestSchema,
  ChargeRequestSchema, ReverseRequestSchema, TransactionPathSchema, TransactionQuerySchema, TransactionsQuerySchema,
} from '../../schemas/requests'
import { AcceptedSchema, TransactionAltSchema, TransactionListSchema, TransactionSchema } from '../../schemas/transaction'
import { AccountNameQuerySchema, AccountNameValidationSchema } from '../../schemas/account-names'
import { z } from 'zod'
import { defineRoutes } from '../route'

const INITIATED = 'Transaction initiated successfully'

export const PUBLIC_ROUTES = defineRoutes({
  'mobile.charge': {
    method: 'POST', path: '/v1/mobile/charge', surface: 'public', permission: 'payments.create', tag: 'Collections',
    summary: 'Mobile-money charge (push prompt to the customer)',
    description: 'Accepted with 202; the result arrives as transaction.succeeded or transaction.failed.',
    body: ChargeRequestSchema, response: AcceptedSchema, successStatus: 202, message: INITIATED, idempotency: 'optional',
  },
  'mobile.b2c': {
    method: 'POST', path: '/v1/mobile/b2c', surface: 'public', permission: 'payments.create', approval: 'b2c', tag: 'Payouts',
    summary: 'Mobile-money disbursement to a phone (B2C)',
    description: 'Reserves amount + fee from the payouts float; rejected (still 202) when the float cannot cover it.',
    body: B2cRequestSchema, response: AcceptedSchema, successStatus: 202, message: INITIATED, idempotency: 'optional',
  },
  'mobile.b2b': {
    method: 'POST', path: '/v1/mobile/b2b', surface: 'public', permission: 'payments.create', approval: 'b2b', tag: 'Payouts',
    summary: 'Business-to-business transfer to a till or paybill (B2B)',
    body: B2bRequestSchema, response: AcceptedSchema, successStatus: 202, message: INITIATED, idempotency: 'optional',
  },
  'mobile.reverse': {
    method: 'POST', path: '/v1/mobile/reverse', surface: 'public', permission: 'reversals.request', approval: 'reversal', tag: 'Collections',
    summary: 'Reverse a completed mobile-money charge',
    description: 'Full amount, at most once per charge. Idempotency-Key is required with a live key.',
    body: ReverseRequestSchema, response: z.object({ transactionId: z.string() }), successStatus: 202,
    message: 'Reversal initiated successfully', idempotency: 'required-live',
  },
  'bank.transfer': {
    method: 'POST', path: '/v1/local-bank-transfer', surface: 'public', permission: 'payments.create', approval: 'bank-transfer', tag: 'Bank transfers',
    summary: 'Local bank transfer over INSTANTBANK',
    description: 'Idempotency-Key is required with a live key.',
    body: BankTransferRequestSchema, response: AcceptedSchema, successStatus: 202,
    message: 'Bank transfer initiated successfully', idempotency: 'required-live',
  },
  'accounts.list': {
    method: 'GET', path: '/v1/accounts', surface: 'public', permission: 'transactions.read', tag: 'Accounts',
    summary: 'List accounts (filters: type, scope)',
    query: AccountsQuerySchema, response: AccountListSchema, successStatus: 200, message: 'Accounts retrieved successfully', idempotency: 'none',
  },
  'balance.get': {
    method: 'GET', path: '/v1/balance', surface: 'public', permission: 'transactions.read', tag: 'Accounts',
    summary: 'Balance of one account (accountNo required since v1.0.1)',
    query: BalanceQuerySchema, response: BalanceSchema, successStatus: 200, message: 'Balance retrieved successfully', idempotency: 'none',
  },
  'bankCodes.list': {
    method: 'GET', path: '/v1/local-bank-codes', surface: 'public', permission: 'transactions.read', tag: 'Bank transfers',
    summary: 'Bank codes for local transfers (country KE only)',
    query: BankCodesQuerySchema, response: z.array(BankCodeSchema), successStatus: 200, message: 'Bank codes retrieved successfully', idempotency: 'none',
  },
  'accountName.validate': {
    method: 'GET', path: '/v1/account-name-validation', surface: 'public', permission: 'transactions.read', tag: 'Accounts',
    summary: 'Registered name of a phone, till, paybill or bank account before paying it',
    description: 'An account that does not exist answers 200 with found: false and errorMessage. bankCode (from /v1/local-bank-codes) is required for instantbank.',
    query: AccountNameQuerySchema, response: AccountNameValidationSchema, successStatus: 200, message: 'Account validated', idempotency: 'none',
  },
  'transactions.list': {
    method: 'GET', path: '/v1/transactions', surface: 'public', permission: 'transactions.read', tag: 'Transactions',
    summary: 'List transactions in a date range, newest first',
    query: TransactionsQuerySchema, response: TransactionListSchema, successStatus: 200, message: 'Transactions retrieved successfully', idempotency: 'none',
  },
  'transactions.get': {
    method: 'GET', path: '/v1/transaction', surface: 'public', permission: 'transactions.read', tag: 'Transactions',
    summary: 'One transaction by transactionId or merchantTransactionId (exactly one)',
    query: TransactionQuerySchema, response: TransactionSchema, successStatus: 200, message: 'Transaction retrieved successfully', idempotency: 'none',
  },
  'transactions.getById': {
    method: 'GET', path: '/v1/transactions/{transactionId}', surface: 'public', permission: 'transactions.read', tag: 'Transactions',
    summary: 'One transaction in the alternative shape (ISO dates)',
    params: TransactionPathSchema, response: TransactionAltSchema, successStatus: 200, message: 'Transaction retrieved successfully', idempotency: 'none',
  },
})
