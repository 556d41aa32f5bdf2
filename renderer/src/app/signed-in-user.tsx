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
    // Two short lines (the name, then the role and Sign out), so the top bar keeps one row at 1024 px; a long
    // name is cut with an ellipsis and said whole on hover and to screen readers.
    <div className="top-bar__user" data-testid="signed-in-user">
      <span className="top-bar__user-name" title={`${actor.name} (${actor.role})`}>{actor.name}</span>
      <span className="top-bar__user-line">
        <span className="top-bar__meta">{actor.role}</span>
        {readSessionToken() ? (
          <button type="button" className="button button--ghost top-bar__sign-out" onClick={leave} disabled={signOut.isPending}>Sign out</button>
        ) : null}
      </span>
    </div>
  )
}
