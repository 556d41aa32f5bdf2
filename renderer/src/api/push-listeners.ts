import type { PushEvent } from '../../../shared/api/push-events'

type Listener = (event: PushEvent) => void

const listeners = new Set<Listener>()

/**
 * The push events of the console's one subscription (use-push-events.ts), handed to features that react to
 * an event itself rather than to the data it makes stale (a notification's toast). Returns the unsubscribe.
 */
export function onPushEvent(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function dispatchPushEvent(event: PushEvent): void {
  for (const listener of listeners) listener(event)
}
