import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useApiClient } from '../api/api-context'
import { saveSessionToken } from '../api/session-token'
import { ErrorNotice } from '../components/error-notice'

/** The setup token of the one-time link a new team server prints (`/?setup=…`), if this page was opened with it. */
export function setupTokenOfUrl(): string | null {
  const token = new URL(window.location.href).searchParams.get('setup')
  return token && token.trim() !== '' ? token.trim() : null
}

function forgetSetupLink(): void {
  const url = new URL(window.location.href)
  url.searchParams.delete('setup')
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
}

/**
 * "Create the owner": the first start of a team server, opened from the one-time link it printed. The
 * owner is signed in at once; the link stops working as soon as an owner exists.
 */
export function OwnerSetupScreen({ setupToken, onSignedIn }: { setupToken: string; onSignedIn(token: string): void }) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const session = await client.call('console.setup.create', { body: { token: setupToken, name: name.trim(), password } })
      forgetSetupLink()
      saveSessionToken(session.token)
      queryClient.removeQueries()
      onSignedIn(session.token)
    } catch (caught) {
      setError(caught)
    } finally {
      setBusy(false)
    }
  }
  return (
    <main className="centered-page" id="main">
      <div className="token-card">
        <p className="brand brand--large"><span className="brand__mark" aria-hidden="true">P</span> Paydesk</p>
        <h1 className="token-card__title">Create the owner</h1>
        <p>This team server has no users yet. The owner manages everyone else; choose a password of at least 12 characters, not a common one.</p>
        {error ? <ErrorNotice error={error} title="The owner was not created" /> : null}
        <form className="form" onSubmit={(event) => void submit(event)} aria-label="Create the owner">
          <label className="field__label" htmlFor="owner-name">Name</label>
          <input id="owner-name" className="input" autoComplete="username" spellCheck={false} value={name} onChange={(e) => setName(e.target.value)} />
          <label className="field__label" htmlFor="owner-password">Password</label>
          <input id="owner-password" className="input" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={busy || !name.trim() || !password} aria-busy={busy}>Create the owner</button>
          </div>
        </form>
      </div>
    </main>
  )
}
