import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useApiClient } from '../api/api-context'
import { readConsoleToken, saveConsoleToken } from '../api/console-token'
import { useConsoleInfo } from '../api/hooks/console'
import { readSessionToken } from '../api/session-token'
import { SignInScreen } from './sign-in-screen'
import { OwnerSetupScreen, setupTokenOfUrl } from './owner-setup-screen'
import { ErrorNotice } from '../components/error-notice'
import { LoadingState } from '../components/loading-state'

/**
 * In a browser the console needs the sandbox's console token (printed by `npm run serve` inside the
 * Console URL). Without it, or with a token of another sandbox, this explains what to do instead of
 * showing screens full of 401s. In team mode (a 401 naming `session`) it shows the sign-in page instead,
 * in a browser and in the desktop app alike. The desktop app (IPC) needs no token otherwise.
 */
export function TokenGate({ children }: { children: ReactNode }) {
  const [, setToken] = useState(readConsoleToken)
  const [, setSignedIn] = useState(readSessionToken)
  return <InfoCheck onToken={setToken} onSignedIn={setSignedIn}>{children}</InfoCheck>
}

function InfoCheck({ children, onToken, onSignedIn }: { children: ReactNode; onToken(token: string): void; onSignedIn(token: string): void }) {
  const info = useConsoleInfo()
  const http = useApiClient().transport.kind === 'http'
  if (info.isPending) return <div className="centered-page"><LoadingState label="Connecting to the sandbox…" /></div>
  if (info.isError) {
    if (info.error.status === 401 && info.error.param === 'session') {
      const setupToken = setupTokenOfUrl()
      return setupToken ? <OwnerSetupScreen setupToken={setupToken} onSignedIn={onSignedIn} /> : <SignInScreen onSignedIn={onSignedIn} />
    }
    if (http && info.error.status === 401 && !readConsoleToken()) return <TokenScreen reason="missing" onToken={onToken} />
    if (info.error.status === 401 || info.error.status === 403) return <TokenScreen reason="rejected" detail={info.error.message} onToken={onToken} />
    return (
      <div className="centered-page">
        <div className="token-card">
          <ErrorNotice error={info.error} title="Cannot reach the sandbox" onRetry={() => void info.refetch()} />
        </div>
      </div>
    )
  }
  return <>{children}</>
}

function TokenScreen({ reason, detail, onToken }: { reason: 'missing' | 'rejected'; detail?: string; onToken(token: string): void }) {
  const queryClient = useQueryClient()
  const [value, setValue] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const token = value.trim()
    if (!token) return
    saveConsoleToken(token)
    // Forget answers fetched with the old token, so every screen asks again with the new one.
    queryClient.removeQueries()
    onToken(token)
  }
  return (
    <main className="centered-page" id="main">
      <div className="token-card">
        <p className="brand brand--large"><span className="brand__mark" aria-hidden="true">P</span> Paydesk</p>
        <h1 className="token-card__title">{reason === 'missing' ? 'Open the console with its token' : 'This console token was not accepted'}</h1>
        {reason === 'rejected' ? (
          <p className="notice notice--error" role="alert">
            The sandbox refused the token{detail ? <> (“{detail}”)</> : null}. It may belong to another sandbox, or the sandbox was restarted with a new database and a new token.
          </p>
        ) : null}
        <p>The console only talks to the sandbox with its <strong>console token</strong>. Start the sandbox and open the <strong>Console</strong> URL it prints:</p>
        <pre className="code-block">npm run serve{'\n'}…{'\n'}  Console         http://127.0.0.1:8787/?token=…</pre>
        <p>Or paste the token here. It stays in this tab only.</p>
        <form className="token-card__form" onSubmit={submit}>
          <label className="field__label" htmlFor="console-token">Console token</label>
          <div className="token-card__row">
            <input id="console-token" className="input" type="password" autoComplete="off" spellCheck={false} value={value} onChange={(e) => setValue(e.target.value)} />
            <button type="submit" className="button button--primary" disabled={!value.trim()}>Connect</button>
          </div>
        </form>
      </div>
    </main>
  )
}
