import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { PaydeskBridge, ProviderRequest } from '../../../../shared/api/bridge'
import { isErrorEnvelope } from '../../../../shared/api/envelope'
import { ApiClientError } from '../../api/api-client-error'
import { desktopBridge } from '../../api/ipc-transport'
import { ErrorNotice } from '../../components/error-notice'
import { TextField } from '../../components/fields/text-field'

/**
 * Desktop app only: connect the provider account with its key, or disconnect it. The key goes to the main
 * process, which keeps it with the operating system's secret store (never the database); the console never
 * reads it back. The first connection erases the simulated data of the environment the key names.
 */
export function DesktopProviderForm({ connected }: { connected: boolean }) {
  const bridge = desktopBridge()
  const queryClient = useQueryClient()
  const [url, setUrl] = useState('')
  const [key, setKey] = useState('')
  const [allowLive, setAllowLive] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  if (!bridge) return null
  const ask = async (request: ProviderRequest) => {
    setBusy(true)
    setError(null)
    const answer = await (bridge as PaydeskBridge).invoke({ provider: request })
    setBusy(false)
    if (isErrorEnvelope(answer.body)) return setError(ApiClientError.fromEnvelope(answer.body, answer.status))
    setKey('')
    // The environment's rows and balances now come from the provider (or stop syncing): read everything again.
    void queryClient.resetQueries()
  }
  const connect = (event: FormEvent) => {
    event.preventDefault()
    void ask({ action: 'connect', url: url.trim(), key: key.trim(), allowLive })
  }
  return (
    <div className="stack">
      {error ? <ErrorNotice error={error} title="Not connected" /> : null}
      {connected ? (
        <div><button type="button" className="button button--secondary" disabled={busy} onClick={() => void ask({ action: 'disconnect' })}>Disconnect (the mirror stays, read-only)</button></div>
      ) : null}
      <form className="form" onSubmit={connect} aria-label="Connect the provider account">
        <p className="form__note">The key is kept with this computer's secret store. Connecting erases the simulated data of the environment the key names (sk_test_: test, sk_live_: live).</p>
        <div className="inline-form">
          <TextField label="Provider URL" type="url" value={url} placeholder="https://api.provider.example" spellCheck={false} onChange={setUrl} />
          <TextField label="Secret key" type="password" value={key} autoComplete="off" spellCheck={false} onChange={setKey} />
          <label className="checkbox"><input type="checkbox" checked={allowLive} onChange={(event) => setAllowLive(event.target.checked)} /> A live key: real money</label>
          <button type="submit" className="button button--primary" disabled={busy || !url.trim() || !key.trim()}>Connect</button>
        </div>
      </form>
    </div>
  )
}
