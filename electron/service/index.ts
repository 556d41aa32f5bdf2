import type { ServiceResponse } from '../../shared/api/envelope'
import type { PushEvent } from '../../shared/api/push-events'
import type { CallContext } from './auth'
import { databaseAnswers, openDatabase } from './db/connection'
import { createStore, type Store } from './db/store'
import { createDispatcher, internalErrorResponse, type CallInput } from './dispatch'
import { createBatcher } from './batcher'
import { provisionalApiVersion } from './api-version'
import { ROUTES, isRouteId, type RouteData, type RouteId } from '../../shared/api/routes'
import type { Engine } from './engine'
import { createIds, type RandomBytes } from './ids'
import type { ApiExchange } from './request-log/exchange'
import { createRequestLog } from './request-log/request-log'
import { seedDatabase, type SeedResult } from './seed/provisioning'
import { scenarioProvisioner, type ScenarioInput } from './scenario/startup'
import { createSeededRun } from './reproducible'
import { snapshotsFolderOf } from './snapshots-folder'
import { createSimulatedClock } from './simulator/clock'
import { createSimulator } from './simulator'
import type { SimulatorMode } from './lifecycle/plan'
import { createWebhookDispatcher, DEFAULT_LIMITS, type DispatcherLimits } from './webhooks/dispatcher'
import { planApiFaults, type ApiFaultPlan } from './faults/api-faults'
import type { WebhookTransport } from './webhooks/transport'
import { SETTINGS } from './db/settings-registry'

export type { CallContext } from './auth'
export type { CallInput } from './dispatch'
export type { ApiExchange } from './request-log/exchange'
export type { SimulatorMode } from './lifecycle/plan'
export type { WebhookTransport } from './webhooks/transport'
export type { ScenarioInput } from './scenario/startup'

export const VERSION = '0.1.0'

/**
 * How the hosts (CLI, desktop) drive `tick()`: often, with a small simulator budget, so a backlog of due
 * transactions is worked off at up to about half the event loop while HTTP and IPC requests interleave.
 */
export const HOST_TICK = { intervalMs: 20, simulatorBudgetMs: 10 } as const

export interface ServiceOptions {
  /** SQLite file, or ':memory:'. */
  dbPath: string
  /** Electron-ABI better_sqlite3.node (desktop app only). */
  nativeBinding?: string
  /** Real clock, injected so tests drive time. */
  now?: () => number
  randomBytes?: RandomBytes
  apiKey?: string
  liveApiKey?: string
  webhookSecret?: string
  consoleToken?: string
  /** Overrides the persisted simulator mode for this run. */
  simulatorMode?: SimulatorMode
  /** How webhooks are sent; default: real HTTP(S) with node:http. Tests inject a recorder. */
  webhookTransport?: WebhookTransport
  /** Attempts in flight at once, per endpoint and in all; default DEFAULT_LIMITS (webhooks/dispatcher.ts). */
  webhookLimits?: Partial<DispatcherLimits>
  /** Longest the simulator may hold the event loop per tick (hosts set it; see simulator/index.ts). */
  tickBudgetMs?: number
  /** A scenario file to start from (applied to a fresh database; docs/scenarios.md). */
  scenario?: ScenarioInput
  /** Reproducible run: seeded ids and a clock that never takes its value from the wall clock (reproducible.ts). */
  seed?: number
  /** Where a seeded run's simulated clock starts, ms since the epoch. */
  clockStart?: number
  /** Strict request checks for every organization this run, whatever their setting (`--strict`). */
  strictRequestChecks?: boolean
  /** Where snapshots are kept; default `snapshots/` next to the database, or a temporary folder for `:memory:`. */
  snapshotsFolder?: string
}

export interface PaydeskService {
  /**
   * Runs one route now, alone (a batch of one): tests and in-process tools. Never throws. Typed by the
   * route table: a success's `data` is the route's response type (an unknown id gets the untyped form).
   */
  call<Id extends RouteId>(routeId: Id, input?: CallInput, ctx?: CallContext): ServiceResponse<RouteData<Id>>
  call(routeId: string, input?: CallInput, ctx?: CallContext): ServiceResponse
  /**
   * Runs one route as part of a batch (group commit): the HTTP and IPC adapters. Resolves after the COMMIT
   * that made its answer durable; a failed COMMIT answers 500 and stored nothing. Never rejects.
   */
  submit<Id extends RouteId>(routeId: Id, input?: CallInput, ctx?: CallContext): Promise<ServiceResponse<RouteData<Id>>>
  submit(routeId: string, input?: CallInput, ctx?: CallContext): Promise<ServiceResponse>
  /** Adds one answered /v1 request to the request log (queued; written on the next tick or read). */
  logRequest(exchange: ApiExchange): void
  /** Fault lab: the API faults to apply to one public request, or null (the HTTP adapter applies them). */
  planApiFaults(routeId: string, ctx: CallContext): ApiFaultPlan | null
  /** Live updates for the console. Returns an unsubscribe function. */
  onEvent(listener: (event: PushEvent) => void): () => void
  /** Moves due work forward (simulator, webhooks). Hosts call it on a timer; tests call it with a fake clock. */
  tick(): Promise<void>
  close(): void
  /** Readiness facts for /healthz: the engine's version and whether SQLite answers. */
  health(): { version: string; database: 'ok' | 'error' }
  readonly startup: SeedResult
  readonly consoleToken: string
  /** Seeded runs draw request ids from their own stream; otherwise undefined and hosts make their own. */
  readonly newRequestId?: () => string
  setHostInfo(info: { httpUrl: string | null; consoleUrl: string | null }): void
  /** For tests and tools in this process: the engine's store and state. Hosts never need it. */
  readonly internals: { store: Store; engine: Engine }
}

export function createService(options: ServiceOptions): PaydeskService {
  const realNow = options.now ?? Date.now
  const db = openDatabase(options.dbPath, { nativeBinding: options.nativeBinding })
  const store = createStore(db)
  const seeded = options.seed === undefined ? undefined : createSeededRun(store, { seed: options.seed, clockStart: options.clockStart, realNow })
  const clock = seeded?.clock ?? createSimulatedClock(store, realNow)
  const ids = seeded?.ids ?? createIds(clock.now, options.randomBytes)
  const startup = seedDatabase(store, ids, clock.now(), { ...options, provisionPrimary: scenarioProvisioner(store, ids, clock.now(), options.scenario) })
  if (options.simulatorMode) store.settings.set(SETTINGS.simulatorMode, options.simulatorMode)
  const snapshots = snapshotsFolderOf(options)
  const listeners = new Set<(event: PushEvent) => void>()
  const publish = (events: readonly PushEvent[]) => {
    for (const event of events) for (const listener of listeners) listener(event)
  }
  const engine: Engine = {
    store,
    ids,
    now: clock.now,
    clock,
    consoleToken: startup.consoleToken,
    version: VERSION,
    hostInfo: { httpUrl: null, consoleUrl: null },
    simulatorMode: () => store.settings.get(SETTINGS.simulatorMode),
    snapshotsFolder: snapshots.folder,
    stateReplaced: () => webhooks.reset(),
    units: createBatcher(store, publish),
    wallNow: realNow,
    strictRequestChecks: options.strictRequestChecks ?? false,
    requestLog: createRequestLog(store, clock.now, (event) => publish([event])),
  }
  const respond = createDispatcher(engine)
  const simulator = createSimulator(engine, { tickBudgetMs: options.tickBudgetMs })
  /** A call alone, now: a batch of one, after the units already queued (arrival order holds). */
  const callNow = (routeId: string, input?: CallInput, ctx: CallContext = {}): ServiceResponse => {
    engine.units.flush()
    const requestId = ctx.requestId ?? engine.ids.request()
    const [outcome] = engine.units.runBatch([(queued) => respond(routeId, input, { ...ctx, requestId }, queued)])
    return outcome!.ok ? outcome!.value : internalErrorResponse(requestId, provisionalApiVersion(ctx.apiVersion))
  }
  const call: typeof callNow = seeded ? (routeId, input, ctx) => {
    seeded.beforeCall(() => simulator.tick())
    return callNow(routeId, input, ctx)
  } : callNow
  /**
   * Group commit for the hosts' requests: a public call joins the batch of this event-loop turn; console
   * routes (key changes, resets, snapshot restores replacing tables) and seeded runs (whose ids must be
   * drawn in the order of a sequential run) run alone, as `call`.
   */
  const submit = (routeId: string, input?: CallInput, ctx: CallContext = {}): Promise<ServiceResponse> => {
    if (seeded || !isRouteId(routeId) || ROUTES[routeId].surface !== 'public') return Promise.resolve(call(routeId, input, ctx))
    const requestId = ctx.requestId ?? engine.ids.request()
    return engine.units.submit((queued) => respond(routeId, input, { ...ctx, requestId }, queued))
      .catch((error: unknown) => {
        console.error(`[paydesk] the batch of ${routeId} (${requestId}) did not commit:`, error instanceof Error ? error.message : error)
        // The request log must not name a transaction the failed COMMIT took back.
        if (ctx.notes) ctx.notes.transactionId = undefined
        return internalErrorResponse(requestId, provisionalApiVersion(ctx.apiVersion))
      })
  }
  const webhooks = createWebhookDispatcher(engine, options.webhookTransport, { ...DEFAULT_LIMITS, ...options.webhookLimits })
  let closed = false
  return {
    call,
    submit,
    logRequest(exchange) {
      if (!closed) engine.requestLog.record(exchange)
    },
    planApiFaults: (routeId, ctx) => planApiFaults(engine, routeId, ctx),
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async tick() {
      if (closed) return
      seeded?.idleJump()
      engine.requestLog.flush()
      simulator.tick()
      await webhooks.tick()
    },
    close() {
      if (closed) return
      closed = true
      engine.units.flush()
      engine.requestLog.flush()
      webhooks.close()
      listeners.clear()
      db.close()
      snapshots.cleanup()
    },
    health: () => ({ version: VERSION, database: !closed && databaseAnswers(db) ? 'ok' : 'error' }),
    startup,
    consoleToken: startup.consoleToken,
    newRequestId: seeded?.newRequestId,
    setHostInfo(info) {
      engine.hostInfo = info
    },
    internals: { store, engine },
  }
}
