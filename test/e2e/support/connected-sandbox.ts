import { CONSOLE_TOKEN } from './sandbox'
import { startServeProcess, type ServeProcess } from './serve-process'

/**
 * A Paydesk connected to a provider account (`paydesk serve --upstream …`) on a fresh in-memory database and
 * a free port: the provider is the shared e2e sandbox, read with its own test key (given in
 * PAYDESK_UPSTREAM_KEY, never on the command line). It serves the same dist-web the shared webServer built.
 */
export function startConnectedSandbox(providerUrl: string, providerKey: string): Promise<ServeProcess> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_')))
  return startServeProcess('connected sandbox', [
    '--port', '0', '--db', ':memory:', '--console-token', CONSOLE_TOKEN, '--upstream', `${providerUrl}/v1`, '--upstream-poll', '1',
  ], { ...clean, PAYDESK_UPSTREAM_KEY: providerKey })
}
