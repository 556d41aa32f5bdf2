import { usePushEventSubscription } from '../api/use-push-events'
import { Layout } from './layout'
import { Providers } from './providers'
import { TokenGate } from './token-gate'

/** Subscribes to push events once the sandbox accepted us, then renders the console. */
function Console() {
  usePushEventSubscription()
  return <Layout />
}

export function App() {
  return (
    <Providers>
      <TokenGate>
        <Console />
      </TokenGate>
    </Providers>
  )
}
