import { API_VERSIONS, LATEST_API_VERSION, isApiVersion } from '../../../../shared/api/api-versions'
import type { ApiKey } from '../../../../shared/schemas/console'
import { useApiMutation } from '../../api/use-api'

/** Pin (or unpin) a key to an API release; the key list shows the answer after a refetch. */
function useSetApiKeyVersion() {
  return useApiMutation('console.keys.setApiVersion', { invalidates: ['console.keys.list'] })
}

/**
 * The API release a key is served under (docs/api.md "API releases"): "Newest" follows new releases;
 * a pinned release keeps an older integration working unchanged. Revoked keys show it read-only.
 */
export function ApiKeyReleaseCell({ apiKey }: { apiKey: ApiKey }) {
  const update = useSetApiKeyVersion()
  const label = `API release of ${apiKey.label} (${apiKey.prefix})`
  const value = apiKey.apiVersion ?? ''
  if (apiKey.revokedAt !== null) return <span>{apiKey.apiVersion ?? `Newest (${LATEST_API_VERSION})`}</span>
  return (
    <select className="input select" aria-label={label} value={value} disabled={update.isPending} aria-busy={update.isPending}
      onChange={(event) => {
        const chosen = event.target.value
        update.mutate({ params: { keyId: apiKey.id }, body: { apiVersion: isApiVersion(chosen) ? chosen : null } })
      }}>
      <option value="">Newest ({LATEST_API_VERSION})</option>
      {API_VERSIONS.map((version) => <option key={version} value={version}>{version}</option>)}
    </select>
  )
}
