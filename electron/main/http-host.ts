import { isErrorEnvelope } from '../../shared/api/envelope'
import { consoleUrl } from '../../shared/console-url'
import { DEFAULT_HTTP_PORT } from '../../shared/schemas/host'
import type { PaydeskService } from '../service'
import { startHttpServer, type RunningHttpServer } from '../http/server'

export interface DesktopHttp {
  http: RunningHttpServer
  /** The saved port when it was busy and a free one was taken instead; null when the saved port was used. */
  busyPort: number | null
}

/** The saved port, read through the console route like any other setting (the engine owns the value). */
export function savedHttpPort(service: PaydeskService): number {
  const response = service.call('console.host.get', {}, { trustedConsole: true })
  return isErrorEnvelope(response.body) ? DEFAULT_HTTP_PORT : response.body.data.httpPort
}

function isAddressInUse(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'EADDRINUSE' || error.code === 'EACCES')
}

/**
 * Starts the HTTP API on 127.0.0.1 so integrations can talk to the running desktop app. A busy saved port
 * (often a `npm run serve` still running) must not stop the app: it takes any free port and says which.
 * Then tells the engine its URLs so the console header (console.info) shows them with the console token.
 */
export async function startDesktopHttp(service: PaydeskService, webRoot: string | undefined): Promise<DesktopHttp> {
  const port = savedHttpPort(service)
  let http: RunningHttpServer
  let busyPort: number | null = null
  try {
    http = await startHttpServer({ service, host: '127.0.0.1', port, webRoot })
  } catch (error) {
    if (!isAddressInUse(error)) throw error
    busyPort = port
    http = await startHttpServer({ service, host: '127.0.0.1', port: 0, webRoot })
  }
  service.setHostInfo({ httpUrl: http.url, consoleUrl: consoleUrl(http.url, service.consoleToken) })
  return { http, busyPort }
}
