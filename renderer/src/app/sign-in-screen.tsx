import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useApiClient } from '../api/api-context'
import { saveSessionToken } from '../api/session-token'
import { ErrorNotice } from '../components/error-notice'
import { useHeldRequestStore } from '../stores/held-request-store'

/**
 * Team mode's sign-in page: a name and a password. A refusal never says which was wrong; after too many
 * wrong passwords the server answers 429 and this says when to try again.
 */
export function SignInScreen({ onSignedIn }: { onSignedIn(token: string): void }) {
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
      const session = await client.call('console.sessions.create', { body: { name: name.trim(), password } })
      saveSessionToken(session.token)
      useHeldRequestStore.getState().set(null)
      // Forget every answer fetched before signing in, so each screen asks again as this user.
      queryClient.removeQueries()
      onSignedIn(session.token)
    } catch (caught) {
      setError(caught)
      setPassword('')
    } finally {
      setBusy(false)
    }
  }
  return (
    <main className="centered-page" id="main">
      <div className="token-card">
        <p className="brand brand--large"><span className="brand__mark" aria-hidden="true">P</span> Paydesk</p>
        <h1 className="token-card__title">Sign in</h1>
        <p>This Paydesk is shared by a team: sign in with the name and password your owner or admin gave you.</p>
        {error ? <ErrorNotice error={error} title="Not signed in" /> : null}
        <form className="form" onSubmit={(event) => void submit(event)} aria-label="Sign in">
          <label className="field__label" htmlFor="sign-in-name">Name</label>
          <input id="sign-in-name" className="input" autoComplete="username" spellCheck={false} value={name} onChange={(e) => setName(e.target.value)} />
          <label className="field__label" htmlFor="sign-in-password">Password</label>
          <input id="sign-in-password" className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={busy || !name.trim() || !password} aria-busy={busy}>Sign in</button>
          </div>
        </form>
      </div>
    </main>
  )
}
