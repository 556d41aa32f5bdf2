import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import type { ConnectionRequest, ConnectionState, PaydeskBridge } from '../../../../shared/api/bridge'
import { isErrorEnvelope, type ServiceResponse } from '../../../../shared/api/envelope'
import { ApiClientError } from '../../api/api-client-error'
import { desktopBridge } from '../../api/ipc-transport'
import { saveSessionToken } from '../../api/session-token'
import { ErrorNotice } from '../../components/error-notice'
import { TextField } from '../../components/fields/text-field'
import { Panel } from '../../components/panel'

/** Asks the desktop app's main process to connect, disconnect or say where the console is connected. */
async function askConnection(bridge: PaydeskBridge, request: ConnectionRequest): Promise<ServiceResponse<ConnectionState>> {
  // The main process answers a connection request with the connection state as the envelope's data.
  return (await bridge.invoke({ connection: request })) as ServiceResponse<ConnectionState>
}

/**
 * Desktop app only: use a team server (`paydesk serve --team`) instead of this computer's own engine.
 * The main process signs in and forwards the console's calls over HTTP; "This computer" goes back.
 */
export function TeamServerPanel() {
  const bridge = desktopBridge()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ConnectionState | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const [url, setUrl] = useState('')
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  useEffect(() => {
    if (bridge) void askConnection(bridge, { action: 'status' }).then((answer) => !isErrorEnvelope(answer.body) && setState(answer.body.data))
  }, [bridge])
  if (!bridge) return null
  const ask = async (request: ConnectionRequest) => {
    setBusy(true)
    setError(null)
    const answer = await askConnection(bridge, request)
    setBusy(false)
    if (isErrorEnvelope(answer.body)) return setError(ApiClientError.fromEnvelope(answer.body, answer.status))
    setState(answer.body.data)
    setPassword('')
    // Another engine answers from now on: forget every answer and any session of the other one.
    saveSessionToken(null)
    void queryClient.resetQueries()
  }
  const connect = (event: FormEvent) => {
    event.preventDefault()
    void ask({ action: 'connect', url: url.trim(), name: name.trim(), password })
  }
  return (
    <Panel title="Team server">
      <div className="stack">
        {error ? <ErrorNotice error={error} title="Not connected" /> : null}
        {state?.kind === 'remote' ? (
          <div className="row" data-testid="team-server-connected">
            Connected to <code>{state.url}</code> as <strong>{state.user.name}</strong> ({state.user.role}).
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void ask({ action: 'disconnect' })}>This computer</button>
          </div>
        ) : (
          <form className="form" onSubmit={connect} aria-label="Connect to a team server">
            <p className="form__note">This console uses this computer's own Paydesk. Connect to a team server to work on the team's shared one.</p>
            <div className="inline-form">
              <TextField markOptional={false} label="Team server URL" type="url" value={url} placeholder="https://paydesk.example.com" spellCheck={false} onChange={setUrl} />
              <TextField markOptional={false} label="Name" value={name} autoComplete="username" spellCheck={false} onChange={setName} />
              <TextField markOptional={false} label="Password" type="password" value={password} autoComplete="current-password" onChange={setPassword} />
              <button type="submit" className="button button--primary" disabled={busy || !url.trim() || !name.trim() || !password}>Connect</button>
            </div>
          </form>
        )}
      </div>
    </Panel>
  )
}
