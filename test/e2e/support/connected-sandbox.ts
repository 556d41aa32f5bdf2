import { CONSOLE_TOKEN } from './sandbox'
import { startServeProcess, type ServeProcess } from './serve-process'

/**
 * A Paydesk connected to a provider account (`paydesk serve --upstream …`) on a fresh in-memory database and
 * a free port: the provider is the shared e2e sandbox, read with its own test key (given in
 * PAYDESK_UPSTREAM_KEY, never on the command line). It serves the same dist-web the shared webServer built.
 * `operate` sends the console's money requests to the provider (docs/upstream.md "Sending money").
 */
export function startConnectedSandbox(providerUrl: string, providerKey: string, mode: 'read' | 'operate' = 'read'): Promise<ServeProcess> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_')))
  return startServeProcess('connected sandbox', [
    '--port', '0', '--db', ':memory:', '--console-token', CONSOLE_TOKEN, '--upstream', `${providerUrl}/v1`, '--upstream-poll', '1', '--upstream-mode', mode,
  ], { ...clean, PAYDESK_UPSTREAM_KEY: providerKey })
}
