import '../../components/upstream.css'
import { useUpstreamStatus } from '../../api/hooks/upstream'
import { useEnvironment } from '../../stores/environment-store'
import { mirrorsHere, syncedWords } from '../../lib/freshness'

/**
 * On every screen of an environment that mirrors a provider account: whose account it is, and how fresh the
 * mirror is, so nobody takes these rows for the sandbox's (docs/upstream.md).
 */
export function ProviderBanner() {
  const status = useUpstreamStatus().data
  const environment = useEnvironment()
  if (!mirrorsHere(status, environment)) return null
  const state = status.connected ? syncedWords(status) : 'not connected: the mirror is read-only'
  return (
    <div className="provider-banner" role="status" data-testid="provider-banner">
      <span>
        <strong>Provider account</strong> · {environment} · {status.keyFingerprint} · {state}
        {status.lastError ? <> · <span className="provider-banner__error">{status.lastError}</span></> : null}
      </span>
    </div>
  )
}
