import { useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../api/api-context'
import { saveSessionToken } from '../api/session-token'
import { useHeldRequestStore } from '../stores/held-request-store'
import { CredentialsCard } from './credentials-card'

/**
 * Team mode's sign-in page: a name and a password. A refusal never says which was wrong; after too many
 * wrong passwords the server answers 429 and this says when to try again.
 */
export function SignInScreen({ onSignedIn }: { onSignedIn(token: string): void }) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  const submit = async (name: string, password: string) => {
    const session = await client.call('console.sessions.create', { body: { name, password } })
    saveSessionToken(session.token)
    useHeldRequestStore.getState().set(null)
    // Forget every answer fetched before signing in, so each screen asks again as this user.
    queryClient.removeQueries()
    onSignedIn(session.token)
  }
  return (
    <CredentialsCard
      title="Sign in" refusedTitle="Not signed in" idPrefix="sign-in" passwordAutoComplete="current-password" clearPasswordOnError submit={submit}
      intro="This Paydesk is shared by a team: sign in with the name and password your owner or admin gave you."
    />
  )
}
