import { useQueryClient } from '@tanstack/react-query'
import { useWhoAmI, useSignOut } from '../api/hooks/team'
import { readSessionToken, saveSessionToken } from '../api/session-token'
import { useHeldRequestStore } from '../stores/held-request-store'

/** The signed-in user and "Sign out" in the top bar (team mode); automation and the local console show who they are. */
export function SignedInUser() {
  const whoami = useWhoAmI()
  const signOut = useSignOut()
  const queryClient = useQueryClient()
  const actor = whoami.data?.actor
  if (!actor) return null
  const leave = () => {
    const forget = () => {
      saveSessionToken(null)
      useHeldRequestStore.getState().set(null)
      // Every screen asks again: the sign-in page answers.
      void queryClient.resetQueries()
    }
    signOut.mutate({}, { onSettled: forget })
  }
  return (
    <div className="top-bar__user" data-testid="signed-in-user">
      <span className="top-bar__user-name">{actor.name}</span>
      <span className="top-bar__meta">{actor.role}</span>
      {readSessionToken() ? (
        <button type="button" className="button button--secondary button--small" onClick={leave} disabled={signOut.isPending}>Sign out</button>
      ) : null}
    </div>
  )
}
