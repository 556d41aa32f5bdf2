import { useUpstreamStatus } from '../api/hooks/upstream'
import { useEnvironment } from '../stores/environment-store'
import { mirrorsHere } from '../lib/freshness'

/** A row's small "provider" mark in an environment that mirrors a provider account: the row is the provider's, not the sandbox's. */
export function ProviderMark() {
  const status = useUpstreamStatus().data
  const environment = useEnvironment()
  if (!mirrorsHere(status, environment)) return null
  return <span className="badge badge--info provider-mark" title="Mirrored from the provider account">provider</span>
}
