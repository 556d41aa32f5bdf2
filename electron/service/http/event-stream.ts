import type { IncomingMessage, ServerResponse } from 'node:http'
import { ApiError } from '../../../shared/errors'
import type { PaydeskService } from '../index'

/**
 * Server-sent events for the console in a browser: the HTTP twin of the IPC `on` bridge. Authenticated
 * with the console token like every console route (the browser reads it with fetch, so no token in URLs).
 */
export function openEventStream(req: IncomingMessage, res: ServerResponse, service: PaydeskService, bearer: string | undefined, fail: (e: ApiError) => void): void {
  const check = service.call('console.info', {}, { bearer })
  if (check.status !== 200) {
    const error = 'error' in check.body ? check.body.error : undefined
    return fail(new ApiError(check.status === 403 ? 'forbidden' : 'unauthorized', error?.message ?? 'Console token required.'))
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Content-Type-Options': 'nosniff' })
  res.write(': connected\n\n')
  const unsubscribe = service.onEvent((event) => res.write(`data: ${JSON.stringify(event)}\n\n`))
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), 15_000)
  heartbeat.unref()
  const stop = () => {
    clearInterval(heartbeat)
    unsubscribe()
  }
  req.on('close', stop)
  res.on('close', stop)
}
