import { useQueryClient } from '@tanstack/react-query'
import type { SimulatorState } from '../../../../shared/schemas/simulator'
import { useEnvironment } from '../../stores/environment-store'
import { API_QUERY_ROOT, routeQueryKey } from '../query-keys'
import { useApiMutation, useApiQuery } from '../use-api'

/** Create an API key in the current environment; the answer carries the secret, shown once. */
export function useCreateApiKey() {
  return useApiMutation('console.keys.create', { invalidates: ['console.keys.list'] })
}

export function useRevokeApiKey() {
  return useApiMutation('console.keys.revoke', { invalidates: ['console.keys.list'] })
}

/** The answer of a simulator change is the new state: shown at once instead of after a refetch. */
function useStoreSimulatorState() {
  const queryClient = useQueryClient()
  const environment = useEnvironment()
  return (state: SimulatorState) => queryClient.setQueryData(routeQueryKey(environment, 'console.simulator.get', {}), state)
}

/** Mode, pause/resume, settlement delay. The header and Home show the mode (console.info). */
export function useUpdateSimulator() {
  const store = useStoreSimulatorState()
  return useApiMutation('console.simulator.update', { invalidates: ['console.simulator.', 'console.info'], onSuccess: store })
}

/** Move the simulated clock forward; what became due finalizes on the next tick (push events follow). */
export function useAdvanceClock() {
  const store = useStoreSimulatorState()
  return useApiMutation('console.simulator.advance', { invalidates: ['console.simulator.'], onSuccess: store })
}

/** Settle every completed charge of the environment now. */
export function useSettleAll() {
  return useApiMutation('console.simulator.settle', { invalidates: ['transactions.', 'console.transactions.', 'accounts.list', 'balance.get'] })
}

/**
 * Erase the environment's sandbox data. Nearly every cached answer of that environment is stale
 * afterwards (transactions, balances, webhook log, prompts), so all of them are refetched.
 */
export function useResetSandbox() {
  const queryClient = useQueryClient()
  const environment = useEnvironment()
  return useApiMutation('console.simulator.reset', {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [API_QUERY_ROOT, environment] }),
  })
}

/** The desktop app's saved HTTP port and where this process's API listens now. */
export function useHostSettings() {
  return useApiQuery('console.host.get', {})
}

export function useUpdateHostSettings() {
  return useApiMutation('console.host.update', { invalidates: ['console.host.get'] })
}
