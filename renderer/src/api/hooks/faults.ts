import { useApiMutation, useApiQuery } from '../use-api'

/** Every fault lab route: a change refetches the banner, the panels and the doctor's state. */
const FAULTS = ['console.faults.', 'console.webhooks.doctor.'] as const

/** The faults switched on in the current environment (polled: a script may switch them over HTTP too). */
export function useFaultState() {
  return useApiQuery('console.faults.get', {}, { refetchInterval: 5_000 })
}

export function useSetWebhookFaults() {
  return useApiMutation('console.faults.webhooks.set', { invalidates: FAULTS })
}

export function useSetApiFaults() {
  return useApiMutation('console.faults.api.set', { invalidates: FAULTS })
}

export function useClearFaults() {
  return useApiMutation('console.faults.clear', { invalidates: FAULTS })
}

/** The receiver doctor's last report of the default endpoint; polled while a check runs. */
export function useDoctorState() {
  return useApiQuery('console.webhooks.doctor.get', { query: {} }, { refetchInterval: (query) => (query.state.data?.running ? 500 : false) })
}

export function useRunDoctor() {
  return useApiMutation('console.webhooks.doctor.run', { invalidates: FAULTS })
}
