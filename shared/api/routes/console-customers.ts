import { CustomerListSchema, CustomerPathSchema, CustomerSchema, CustomerUpdateRequestSchema } from '../../schemas/customers'
import { defineRoutes } from '../route'

/**
 * Console routes of the simulated customers (docs/simulator.md "Simulated customers"): their wallets,
 * daily limits and statuses decide charge outcomes when nothing forces them. Shared by every organization
 * and environment, like real subscribers.
 */
export const CONSOLE_CUSTOMERS_ROUTES = defineRoutes({
  'console.customers.list': {
    method: 'GET', path: '/console/customers', surface: 'console', permission: 'transactions.read', tag: 'Simulator',
    summary: 'Simulated customers with their wallet, daily limit, spend today, status and the prompt their phone shows',
    response: CustomerListSchema, successStatus: 200, message: 'Customers retrieved successfully', idempotency: 'none',
  },
  'console.customers.put': {
    method: 'PUT', path: '/console/customers/{phoneNumber}', surface: 'console', permission: 'simulator.manage', tag: 'Simulator',
    summary: 'Create a simulated customer, or change its name, wallet balance, daily limit or status',
    params: CustomerPathSchema, body: CustomerUpdateRequestSchema, response: CustomerSchema, successStatus: 200,
    message: 'Customer saved', idempotency: 'none',
  },
  'console.customers.delete': {
    method: 'DELETE', path: '/console/customers/{phoneNumber}', surface: 'console', permission: 'simulator.manage', tag: 'Simulator',
    summary: 'Remove a simulated customer (its phone behaves like any unknown number again)',
    params: CustomerPathSchema, response: CustomerSchema, successStatus: 200, message: 'Customer removed', idempotency: 'none',
  },
})
