import type { CallContext } from '../pipeline/auth'
import { authenticate } from '../pipeline/auth'
import type { CallInput } from '../pipeline/call-input'
import type { Engine } from '../core/engine'
import type { RequestLog } from '../request-log/request-log'
import type { ServiceResponse } from '../../../shared/api/envelope'

type Submit = (routeId: string, input?: CallInput, ctx?: CallContext) => Promise<ServiceResponse>
import { openUpstream, type UpstreamConnection, type UpstreamSettings } from '../upstream/connection'
import { createOutboxRunner, type OutboxRunner } from '../upstream/outbox/runner'

/**
 * The provider connection of a run (`--upstream`), and what the rest of the service asks of it: which
 * environments refuse sandbox controls and money (those that mirror a provider account, connected now or
 * once), and the provider read a diff needs before its unit runs (units are synchronous; a read is not).
 */
export function upstreamParts(engine: Engine, settings: UpstreamSettings | undefined, organizationId: string, requestLog: RequestLog, newRequestId: () => string) {
  const connection: UpstreamConnection | null = settings
    ? openUpstream(engine, settings, { organizationId, record: (exchange) => requestLog.record(exchange), newRequestId })
    : null
  // operate: console money goes to the provider through the outbox (docs/upstream.md "Sending money").
  const outbox: OutboxRunner | null = connection && settings?.mode === 'operate'
    ? createOutboxRunner({
      runner: engine, scope: { organizationId: connection.scope.organizationId, environment: connection.environment },
      provider: connection.client, now: () => engine.wallNow(), timeoutMs: settings.timeoutMs,
    })
    : null
  // Read once: a connection is made only at start (above), so the set never changes while the process runs.
  const mirrored = new Map(engine.store.upstream.all().map((row) => [`${row.organization_id}\u0000${row.environment}`, row]))
  return {
    connection,
    outbox,
    /** Hosts' tick: the mirror's poll and the outbox's due rows. */
    tick(): void {
      connection?.tick()
      outbox?.tick()
    },
    close(): void {
      outbox?.close()
      connection?.close()
    },
    refusal(organizationId: string, environment: 'test' | 'live'): string | null {
      if (connection && connection.scope.organizationId === organizationId && connection.environment === environment) return connection.describe()
      const row = mirrored.get(`${organizationId}\u0000${environment}`)
      return row ? `the ${environment} environment is the mirror of the provider account at ${row.url} (key ${row.key_fingerprint}), not connected in this run` : null
    },
    /** The service's `submit`, reading the provider first for a diff. */
    submitting(submit: Submit, consoleToken: string): Submit {
      if (!connection) return submit
      return (routeId, input, ctx = {}) => routeId === 'console.upstream.diff'
        ? beforeDiff(connection, input, ctx, consoleToken).then(() => submit(routeId, input, ctx))
        : submit(routeId, input, ctx)
    },
  }

  /** Reads the provider before a diff's unit; a caller the engine would refuse reads nothing. */
  async function beforeDiff(connection: UpstreamConnection, input: CallInput | undefined, ctx: CallContext, consoleToken: string): Promise<void> {
    try {
      const principal = authenticate(engine.store, consoleToken, ctx, engine.now())
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
}
export type UpstreamPartsOf = ReturnType<typeof upstreamParts>
