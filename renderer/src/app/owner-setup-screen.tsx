import { useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../api/api-context'
import { saveSessionToken } from '../api/session-token'
import { CredentialsCard } from './credentials-card'

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
  const submit = async (name: string, password: string) => {
    const session = await client.call('console.setup.create', { body: { token: setupToken, name, password } })
    forgetSetupLink()
    saveSessionToken(session.token)
    queryClient.removeQueries()
    onSignedIn(session.token)
  }
  return (
    <CredentialsCard
      title="Create the owner" refusedTitle="The owner was not created" idPrefix="owner" passwordAutoComplete="new-password" submit={submit}
      intro="This team server has no users yet. The owner manages everyone else; choose a password of at least 12 characters, not a common one."
    />
  )
}
