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
    description: 'Every simulated customer (shared by all organizations and environments) with wallet balance, daily limit, what was spent today, status and the prompt their phone shows.',
    response: CustomerListSchema, successStatus: 200, message: 'Customers retrieved successfully', idempotency: 'none',
  },
  'console.customers.put': {
    method: 'PUT', path: '/console/customers/{phoneNumber}', surface: 'console', permission: 'simulator.manage', tag: 'Simulator',
    summary: 'Create a simulated customer, or change its name, wallet balance, daily limit or status',
    description: 'Creates the customer when the phone number is new. Fields not sent keep their value. When nothing forces an outcome, these settings answer charges to the phone.',
    params: CustomerPathSchema, body: CustomerUpdateRequestSchema, response: CustomerSchema, successStatus: 200,
    message: 'Customer saved', idempotency: 'none',
  },
  'console.customers.delete': {
    method: 'DELETE', path: '/console/customers/{phoneNumber}', surface: 'console', permission: 'simulator.manage', tag: 'Simulator',
    summary: 'Remove a simulated customer (its phone behaves like any unknown number again)',
    description: "The phone answers like any unknown number afterwards (the simulator's default outcomes). 404 when there is no such customer.",
    params: CustomerPathSchema, response: CustomerSchema, successStatus: 200, message: 'Customer removed', idempotency: 'none',
  },
})
