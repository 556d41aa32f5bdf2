import { useApiMutation, useApiQuery } from '../use-api'

/** The simulated customers (wallet, daily limit, status, the prompt their phone shows). */
export function useCustomers() {
  return useApiQuery('console.customers.list', {}, { select: (data) => data.items })
}

/** Create a customer or change its fields. */
export function useSaveCustomer() {
  return useApiMutation('console.customers.put', { invalidates: ['console.customers.'] })
}

export function useRemoveCustomer() {
  return useApiMutation('console.customers.delete', { invalidates: ['console.customers.'] })
}
