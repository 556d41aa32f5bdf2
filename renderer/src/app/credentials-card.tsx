import { useState, type FormEvent } from 'react'
import { ErrorNotice } from '../components/error-notice'

export interface CredentialsCardProps {
  title: string
  intro: string
  /** The error notice's title when `submit` throws. */
  refusedTitle: string
  /** Prefix of the fields' ids (`<prefix>-name`, `<prefix>-password`); the browser tests find them by it. */
  idPrefix: string
  passwordAutoComplete: 'current-password' | 'new-password'
  /** A refused sign-in clears the password; a refused owner keeps it to correct. */
  clearPasswordOnError?: boolean
  submit(name: string, password: string): Promise<void>
}

/** A name and a password on the centred card of a team server's first pages (sign in, create the owner). */
export function CredentialsCard(props: CredentialsCardProps) {
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await props.submit(name.trim(), password)
    } catch (caught) {
      setError(caught)
      if (props.clearPasswordOnError) setPassword('')
    } finally {
      setBusy(false)
    }
  }
  const id = props.idPrefix
  return (
    <main className="centered-page" id="main">
      <div className="token-card">
        <p className="brand brand--large"><span className="brand__mark" aria-hidden="true">P</span> Paydesk</p>
        <h1 className="token-card__title">{props.title}</h1>
        <p>{props.intro}</p>
        {error ? <ErrorNotice error={error} title={props.refusedTitle} /> : null}
        <form className="form" onSubmit={(event) => void onSubmit(event)} aria-label={props.title}>
          <label className="field__label" htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} className="input" autoComplete="username" spellCheck={false} value={name} onChange={(e) => setName(e.target.value)} />
          <label className="field__label" htmlFor={`${id}-password`}>Password</label>
          <input id={`${id}-password`} className="input" type="password" autoComplete={props.passwordAutoComplete} value={password} onChange={(e) => setPassword(e.target.value)} />
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={busy || !name.trim() || !password} aria-busy={busy}>{props.title}</button>
          </div>
        </form>
      </div>
    </main>
  )
}
