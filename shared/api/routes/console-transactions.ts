import { TransactionDetailPathSchema, TransactionDetailSchema } from '../../schemas/console-transactions'
import { defineRoutes } from '../route'

/** Console routes of the transactions area. */
export const CONSOLE_TRANSACTIONS_ROUTES = defineRoutes({
  'console.transactions.detail': {
    method: 'GET', path: '/console/transactions/{transactionId}', surface: 'console', permission: 'transactions.read', tag: 'Console',
    summary: 'One transaction with its account, counterparty, status timeline, ledger postings and linked reversal or charge',
    description: 'The environment is the console\'s current one (Paydesk-Environment header over HTTP). 404 for an unknown id.',
    params: TransactionDetailPathSchema, response: TransactionDetailSchema, successStatus: 200,
    message: 'Transaction retrieved successfully', idempotency: 'none',
  },
})
