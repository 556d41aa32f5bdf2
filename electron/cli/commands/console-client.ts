import { parseArgs } from 'node:util'
import { ROUTES, type RouteData, type RouteId } from '../../../shared/api/routes'
import { UsageError } from '../options'

/** Flags every client command shares: where the running server is, and its console token. */
export const CLIENT_FLAGS = {
  url: { env: 'PAYDESK_URL', help: 'the running Paydesk server', default: 'http://127.0.0.1:8787' },
  'console-token': { env: 'PAYDESK_CONSOLE_TOKEN', help: 'its console token (printed in the console URL at start)' },
} as const

export interface ClientCommand {
  positionals: string[]
  flags: Record<string, string | boolean | undefined>
  call(method: string, path: string, body?: unknown): Promise<unknown>
  /** A console route by id (method and path from the route table): its data, typed by the route. */
  route<Id extends RouteId>(routeId: Id, input?: { params?: Record<string, string>; body?: unknown }): Promise<RouteData<Id>>
}

/** The route's path with its `{param}`s filled in (encoded). */
function routePath(routeId: RouteId, params: Record<string, string> = {}): string {
  return ROUTES[routeId].path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`route ${routeId} needs ${name}`)
    return encodeURIComponent(value)
  })
}

/**
 * Parses a client command's arguments and returns a caller of the server's console API. These commands
 * are HTTP clients of a running `paydesk serve` (never a second engine on the same database).
 */
export function consoleClient(argv: string[], extra: Record<string, { type: 'string' | 'boolean' }> = {}, env: NodeJS.ProcessEnv = process.env): ClientCommand {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] }
  try {
    parsed = parseArgs({
      args: argv, strict: true, allowPositionals: true,
      options: { url: { type: 'string' }, 'console-token': { type: 'string' }, ...extra },
    }) as typeof parsed
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  const fromEnv = (name: string) => (env[name] === '' ? undefined : env[name])
  const base = String(parsed.values['url'] ?? fromEnv('PAYDESK_URL') ?? CLIENT_FLAGS.url.default).replace(/\/+$/, '')
  const token = (parsed.values['console-token'] as string | undefined) ?? fromEnv('PAYDESK_CONSOLE_TOKEN')
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) throw new UsageError(`--url (PAYDESK_URL) must be an http(s) URL (got "${base}")`)
  const client: ClientCommand = {
    positionals: parsed.positionals,
    flags: parsed.values,
    async route(routeId, input = {}) {
      // The server answers the route's response schema; the route table is the contract on both sides.
      return (await client.call(ROUTES[routeId].method, routePath(routeId, input.params), input.body)) as RouteData<typeof routeId>
    },
    async call(method, path, body) {
      if (!token) throw new UsageError('--console-token (PAYDESK_CONSOLE_TOKEN) is required: the server prints it in its console URL (?token=…)')
      let response: Response
      try {
        response = await fetch(base + path, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error)
        throw new Error(`cannot reach Paydesk at ${base} (${cause}); is \`paydesk serve\` running there?`)
      }
      const text = await response.text()
      let answer: { data?: unknown; error?: { code: string; message: string } } = {}
      try {
        answer = JSON.parse(text) as typeof answer
      } catch {
        throw new Error(`${method} ${path} answered ${response.status} with a body that is not JSON`)
      }
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status} ${answer.error?.code ?? ''}: ${answer.error?.message ?? text}`)
      return answer.data
    },
  }
  return client
}
