import { useApiQuery } from '../use-api'

/** Organization, environment, URLs and simulator mode shown in the header and on Home. */
export function useConsoleInfo() {
  return useApiQuery('console.info', {}, { staleTime: 60_000 })
}

/** API keys of the current environment (prefixes only). */
export function useApiKeys() {
  return useApiQuery('console.keys.list', {})
}
