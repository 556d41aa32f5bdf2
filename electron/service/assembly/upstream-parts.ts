import type { CallContext } from '../pipeline/auth'
import { authenticate } from '../pipeline/auth'
import type { CallInput } from '../pipeline/call-input'
import type { Engine } from '../core/engine'
import type { RequestLog } from '../request-log/request-log'
import type { ServiceResponse } from '../../../shared/api/envelope'
import { openUpstream, type UpstreamConnection, type UpstreamSettings } from '../upstream/connection'
import { HINT_LOG_SOURCE, type HintDelivery } from '../upstream/hints'
import { errorResponse } from '../pipeline/error-response'
import { ApiError } from '../../../shared/errors'
import type { CallNotes } from '../pipeline/auth'
import { createOutboxRunner, type OutboxRunner } from '../upstream/outbox/runner'

type Submit = (routeId: string, input?: CallInput, ctx?: CallContext) => Promise<ServiceResponse>

/** operate: console money goes to the provider through the outbox (docs/upstream.md "Sending money"). */
function outboxFor(engine: Engine, made: UpstreamConnection | null, given: UpstreamSettings | undefined): OutboxRunner | null {
  if (!made || given?.mode !== 'operate') return null
  return createOutboxRunner({
    runner: engine, scope: { organizationId: made.scope.organizationId, environment: made.environment },
    provider: made.client, now: () => engine.wallNow(), timeoutMs: given.timeoutMs,
    // Rows wait (queued or unknown) while the operate connection waits for its approval: nothing leaves.
    maySend: () => made.sendsMoney(),
  })
}

/**
 * The provider connection of a run (`--upstream`), and what the rest of the service asks of it: which
 * environments refuse sandbox controls and money (those that mirror a provider account, connected now or
 * once), and the provider read a diff needs before its unit runs (units are synchronous; a read is not).
 * `log.hostSecrets`: the console token, keys and webhook secret the host knows in clear; the request log
 * redacts them by value, and a provider key given later with them.
 */
export function upstreamParts(
  engine: Engine, settings: UpstreamSettings | undefined, organizationId: string,
  log: { requestLog: RequestLog; hostSecrets: readonly string[] }, run: { newRequestId: () => string; teamMode: () => boolean },
) {
  const { requestLog, hostSecrets } = log
  requestLog.knowHostSecrets(hostSecrets)
  const open = (given: UpstreamSettings) => openUpstream(engine, given, { organizationId, record: (exchange) => requestLog.record(exchange), ...run })
  let connection: UpstreamConnection | null = settings ? open(settings) : null
  let outbox = outboxFor(engine, connection, settings)
  // Every environment that mirrors (or mirrored) an account; it changes only when a connection is made.
  const mirrored = new Map<string, { url: string; key_fingerprint: string }>()
  const remember = () => {
    for (const row of engine.store.upstream.all()) mirrored.set(`${row.organization_id}\u0000${row.environment}`, row)
  }
  remember()
  return {
    get connection() {
      return connection
    },
    get outbox() {
      return outbox
    },
    /** A connection made while the service runs (the desktop app's Settings): the one before it is closed. */
    connect(next: UpstreamSettings): UpstreamConnection {
      this.disconnect()
      connection = open(next)
      outbox = outboxFor(engine, connection, next)
      remember()
      return connection
    },
    /** Closes the connection; its environment stays a read-only mirror (queued outbox rows wait for the next). */
    disconnect(): void {
      outbox?.close()
      outbox = null
      connection?.close()
      connection = null
    },
    /** Hosts' tick: the mirror's poll and the outbox's due rows. */
    tick(): void {
      connection?.tick()
      outbox?.tick()
    },
    close(): void {
      this.disconnect()
    },
    /** The service's own methods for it: a key given at run time is redacted by value like the host's others. */
    serviceMethods() {
      return {
        connectUpstream: (next: UpstreamSettings) => {
          requestLog.knowHostSecrets([...hostSecrets, next.key, ...(next.webhook ? [next.webhook.secret] : [])])
          this.connect(next)
        },
        takesUpstreamHints: () => Boolean(connection?.hints),
        receiveUpstreamHint: (delivery: HintDelivery, requestId: string) => receiveHint(connection, delivery, requestId),
        disconnectUpstream: () => this.disconnect(),
      }
    },
    refusal(organizationId: string, environment: 'test' | 'live'): string | null {
      if (connection && connection.scope.organizationId === organizationId && connection.environment === environment) return connection.describe()
      const row = mirrored.get(`${organizationId}\u0000${environment}`)
      return row ? `the ${environment} environment is the mirror of the provider account at ${row.url} (key ${row.key_fingerprint}), not connected in this run` : null
    },
    /** The service's `submit`, reading the provider first for a diff. */
    submitting(submit: Submit, consoleToken: string): Submit {
      return (routeId, input, ctx = {}) => routeId === 'console.upstream.diff' && connection
        ? beforeDiff(engine, connection, input, ctx, { consoleToken, teamMode: run.teamMode() }).then(() => submit(routeId, input, ctx))
        : submit(routeId, input, ctx)
    },
  }
}

/** Reads the provider before a diff's unit; a caller the engine would refuse reads nothing. */
async function beforeDiff(
  engine: Engine, connection: UpstreamConnection, input: CallInput | undefined, ctx: CallContext, caller: { consoleToken: string; teamMode: boolean },
): Promise<void> {
  try {
    const principal = authenticate(engine.store, caller.consoleToken, ctx, engine.now(), { teamMode: caller.teamMode, wallNow: engine.wallNow() })
    if (principal.via !== 'console') return
  } catch {
    return
  }
  const query = (input?.query ?? {}) as Record<string, unknown>
  const from = typeof query['from'] === 'string' ? query['from'] : ''
  const to = typeof query['to'] === 'string' ? query['to'] : ''
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return
  // A provider that cannot be read leaves no fresh read: the diff answers 503.
  await connection.prefetchDiff(from, to).catch(() => undefined)
}

/**
 * One webhook of the provider at the hint endpoint: null when this run takes none (no connection, or no
 * webhook secret: the endpoint is a 404), else the answer, with what the request log files it under.
 */
function receiveHint(connection: UpstreamConnection | null, delivery: HintDelivery, requestId: string): { response: ServiceResponse; notes: CallNotes } | null {
  const hints = connection?.hints
  if (!connection || !hints) return null
  const notes: CallNotes = { organizationId: connection.scope.organizationId, environment: connection.environment, keyPrefix: HINT_LOG_SOURCE }
  try {
    const receipt = hints.receive(delivery)
    if (receipt.transactionId !== null) notes.transactionId = receipt.transactionId
    const message = receipt.duplicate ? 'Hint already received.' : receipt.queued ? 'Hint received; the transaction is read from the provider now.' : 'Hint received.'
    return { response: { status: 200, body: { status: 'success', message, data: receipt }, headers: {}, requestId }, notes }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { response: errorResponse(error, requestId), notes }
  }
}

export type UpstreamPartsOf = ReturnType<typeof upstreamParts>
