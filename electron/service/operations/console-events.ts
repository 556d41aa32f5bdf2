import type { PartialOperationTable } from './types'

/** Between heartbeats of an idle event stream (http/event-stream.ts). */
export const EVENT_STREAM_HEARTBEAT_MS = 15_000

/**
 * The event stream's acceptance: reaching here means the dispatcher authenticated the console credential.
 * The face then streams `service.onEvent` (HTTP: server-sent events; IPC: its push channel).
 */
export const CONSOLE_EVENTS_OPERATIONS: PartialOperationTable<'console.events'> = {
  'console.events': () => ({ heartbeatMs: EVENT_STREAM_HEARTBEAT_MS }),
}
