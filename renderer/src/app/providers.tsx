import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { isApiClientError } from '../api/api-client-error'
import { ApiClientProvider } from '../api/api-context'
import { createApiClient, type ApiClient } from '../api/client'
import { readConsoleToken } from '../api/console-token'
import { createHttpTransport } from '../api/http-transport'
import { createIpcTransport, desktopBridge } from '../api/ipc-transport'
import { readSessionToken } from '../api/session-token'
import { useEnvironmentStore } from '../stores/environment-store'

/** IPC inside the desktop app, HTTP (a signed-in user's session, else the console token) in a browser. */
export function createConsoleClient(): ApiClient {
  const bridge = desktopBridge()
  const transport = bridge ? createIpcTransport(bridge, readSessionToken) : createHttpTransport({ getToken: () => readSessionToken() ?? readConsoleToken() })
  return createApiClient(transport, () => useEnvironmentStore.getState().environment)
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Push events keep data fresh; this only spares duplicate requests when screens mount together.
        staleTime: 5_000,
        // A 4xx will not change on retry; an unreachable or failing sandbox might.
        retry: (failures, error) => failures < 2 && (!isApiClientError(error) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  })
}

export function Providers({ children, client }: { children: ReactNode; client?: ApiClient }) {
  const [apiClient] = useState(() => client ?? createConsoleClient())
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={apiClient}>{children}</ApiClientProvider>
    </QueryClientProvider>
  )
}
