import { z } from 'zod'
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, type BridgeRequest } from '../../shared/api/bridge'
import type { ServiceResponse } from '../../shared/api/envelope'
import { isRouteId } from '../../shared/api/routes'
import { ApiError } from '../../shared/errors'
import { EnvironmentSchema } from '../../shared/schemas/common'
import { errorResponse } from '../service'
import type { CallNotes, PaydeskService } from '../service'
import type { ConsoleConnection } from './team-connection'
import type { WindowSession } from './window-session'
import { isAppUrl, type AppLocation } from './url-policy'

// The shapes of Electron's ipcMain, IpcMainInvokeEvent, WebFrameMain and WebContents this file uses,
// spelled out so the handler loads under plain Node: tests drive it with a minimal ipcMain-like object,
// and a runtime `electron` import here would try to download the binary.
export interface FrameLike {
  readonly url: string
  readonly parent: FrameLike | null
}
export interface InvokeEventLike {
  readonly sender: unknown
  readonly senderFrame: FrameLike | null
}
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void
  removeHandler(channel: string): void
}
export interface EventTargetLike {
  isDestroyed(): boolean
  send(channel: string, ...args: unknown[]): void
}

/** The renderer's request, checked again here: the renderer is the less trusted side of the bridge. */
const BridgeRequestSchema = z.strictObject({
  routeId: z.string().max(100),
  input: z.strictObject({
    query: z.unknown().optional(),
    body: z.unknown().optional(),
    params: z.unknown().optional(),
    idempotencyKey: z.string().max(255).optional(),
  }),
  environment: EnvironmentSchema,
  session: z.string().max(200).optional(),
}) satisfies z.ZodType<BridgeRequest>


/**
 * Only our window's top frame, showing our own page, may call the engine: not an iframe, not another
 * window, not our window after it was somehow navigated elsewhere (Electron security checklist §17).
 */
/** What the call channel needs of the provider key glue (provider-key.ts). */
export interface ProviderGlue {
  handle(request: unknown): ServiceResponse
}

export function createSenderCheck(trustedSender: () => unknown, location: AppLocation) {
  return (event: InvokeEventLike): boolean => {
    const frame = event.senderFrame
    const sender = trustedSender()
    return sender !== null && sender !== undefined && event.sender === sender && frame !== null && frame.parent === null && isAppUrl(frame.url, location)
  }
}

/**
 * One IPC call: validate the sender and the request, then run the route through the same dispatcher as
 * HTTP. Always resolves to an envelope (ServiceResponse) and never throws: a thrown error would reach the
 * renderer as a bare message without status, code or request id.
 */
export function createCallHandler(
  service: PaydeskService, isTrustedSender: (event: InvokeEventLike) => boolean, connection?: ConsoleConnection, provider?: ProviderGlue, windowSession?: WindowSession,
) {
  const refuse = (error: ApiError): ServiceResponse => errorResponse(error, service.newRequestId())
  return (event: InvokeEventLike, request: unknown): ServiceResponse | Promise<ServiceResponse> => {
    if (!isTrustedSender(event)) {
      return refuse(new ApiError('forbidden', 'IPC calls are accepted only from the Paydesk window showing its own console page.'))
    }
    // The provider key (Settings → Provider connection) goes to the main process only: { provider: { action, ... } }.
    if (provider && typeof request === 'object' && request !== null && 'provider' in request) return provider.handle((request as { provider: unknown }).provider)
    // "Connect to a team server" travels on this channel too: { connection: { action, ... } }.
    if (connection && typeof request === 'object' && request !== null && 'connection' in request) {
      return connection.handle((request as { connection: unknown }).connection)
    }
    const parsed = BridgeRequestSchema.safeParse(request)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      const param = issue.path.length > 0 ? issue.path.map(String).join('.') : null
      return refuse(new ApiError('invalid_parameter', `Malformed IPC request${param ? ` at ${param}` : ''}: ${issue.message}. Expected { routeId, input, environment }.`, param))
    }
    const { routeId, input, environment, session } = parsed.data
    if (!isRouteId(routeId)) return refuse(new ApiError('not_found', `No route ${routeId}.`, 'routeId'))
    // Connected to a team server: the call is that server's, over HTTP (team-connection.ts).
    if (connection?.state().kind === 'remote') return connection.call(parsed.data)
    // Group commit: resolves once the batch holding the call committed (console routes run alone).
    if (!windowSession || session === undefined) return service.submit(routeId, input, { trustedConsole: true, environment, sessionToken: session })
    // The session a call was made with becomes the window's, for its push channel (window-session.ts).
    const notes: CallNotes = {}
    return service.submit(routeId, input, { trustedConsole: true, environment, sessionToken: session, notes }).then((response) => {
      windowSession.noteCall(notes)
      return response
    })
  }
}

/** Registers the one call channel; returns the function that removes it (window closed, app quitting). */
export function registerIpcHandler(
  ipcMain: IpcMainLike, service: PaydeskService, isTrustedSender: (event: InvokeEventLike) => boolean, connection?: ConsoleConnection, provider?: ProviderGlue,
  windowSession?: WindowSession,
): () => void {
  const handler = createCallHandler(service, isTrustedSender, connection, provider, windowSession)
  ipcMain.handle(IPC_CALL_CHANNEL, (event, request) => handler(event, request))
  return () => ipcMain.removeHandler(IPC_CALL_CHANNEL)
}

/**
 * Pushes the engine's live updates to the window (whichever window is current); returns the unsubscribe.
 * With `windowSession`, only what the window's subscriber may read (window-session.ts); none while sign-in is
 * required and the window holds no valid session.
 */
export function forwardPushEvents(service: PaydeskService, target: () => EventTargetLike | null, connection?: ConsoleConnection, windowSession?: WindowSession): () => void {
  return service.onEvent((event) => {
    // While connected to a team server the window shows that server's updates (relayed by the connection).
    if (connection?.state().kind === 'remote') return
    if (windowSession && !windowSession.mayPush(event)) return
    const contents = target()
    if (contents && !contents.isDestroyed()) contents.send(IPC_EVENT_CHANNEL, event)
  })
}
