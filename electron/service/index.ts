import type { ServiceResponse } from '../../shared/api/envelope'
import { materializeResponse, type Wire } from '../../shared/api/raw-json'
import type { PushEvent } from '../../shared/api/push-events'
import type { CallContext } from './auth'
import { checkpointInBackground, databaseAnswers, openDatabase } from './db/connection'
import { createStore, type Store } from './db/store'
import type { CallInput } from './call-input'
import { createDispatcher } from './dispatch'
import { internalErrorResponse } from './error-response'
import { createBatcher, selfContained } from './batcher'
import { provisionalApiVersion } from './api-version'
import { ROUTES, isRouteId, type RouteData, type RouteId } from '../../shared/api/routes'
import type { Engine } from './engine'
import { createIds, randomRequestId, type RandomBytes } from './ids'
import type { ApiExchange } from './request-log/exchange'
import { createRequestLog } from './request-log/request-log'
import { seedDatabase, type SeedResult } from './seed/provisioning'
import { seedHistory } from './seed/history'
import { registerInternals } from './test-access'
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
export type { CallInput } from './call-input'
export { errorResponse } from './error-response'
export type { ApiExchange } from './request-log/exchange'
export type { SimulatorMode } from './lifecycle/plan'
export type { WebhookTransport } from './webhooks/transport'
export type { ScenarioInput } from './scenario/startup'
export type { SeedResult } from './seed/provisioning'

export const VERSION = '0.1.0'

export { HOST_TICK, startTicker, type Ticker } from './ticker'

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
  /** Hosts: the tick budget is spent in slices this long, with I/O between them (see simulator/index.ts). */
  tickSliceMs?: number
  /** WAL checkpoints in a worker thread instead of inside some COMMIT (hosts set it; db/checkpointer.ts). */
  checkpointInBackground?: boolean
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
  /**
   * `--seed-transactions`: this many historical transactions over the past 90 days for the demo
   * organization, only into a fresh database (never mixed into real work). See `startup.seededHistory`.
   */
  seedHistory?: number
}

/** What a host shows when it starts (banner, logs): the facts as they were at start. */
export interface ServiceStartup extends SeedResult {
  /** The simulator mode in force at start (the option's override, or the stored one). */
  simulatorMode: SimulatorMode
  /** Simulated now at start, ms since the epoch (a seeded run: its `--clock`, or where the reopened run stood). */
  simulatedNow: number
  /** `seedHistory` ran: rows written and how long it took. Absent when not asked for or the database already existed. */
  seededHistory?: { inserted: number; ms: number }
}

export interface PaydeskService {
  /**
   * Runs one route now, alone (a batch of one): tests and in-process tools. Never throws, except
   * NestedUnitError when called from inside a unit of work (a programming error). Typed by the route
   * table: a success's `data` is the route's response type (an unknown id gets the untyped form).
   */
  call<Id extends RouteId>(routeId: Id, input?: CallInput, ctx?: CallContext): ServiceResponse<RouteData<Id>>
  call(routeId: string, input?: CallInput, ctx?: CallContext): ServiceResponse
  /**
   * Runs one route as part of a batch (group commit): the HTTP and IPC adapters. Resolves after the COMMIT
   * that made its answer durable; a failed COMMIT answers 500 and stored nothing. Never rejects. List
   * pages answer their `data` as raw JSON text (shared/api/raw-json.ts) for the adapter to pass on unparsed.
   */
  submit<Id extends RouteId>(routeId: Id, input?: CallInput, ctx?: CallContext): Promise<ServiceResponse<Wire<RouteData<Id>>>>
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
  readonly startup: ServiceStartup
  readonly consoleToken: string
  /** The request id of a call a host answers (HTTP, IPC): seeded runs draw them from their own stream. */
  readonly newRequestId: () => string
  setHostInfo(info: { httpUrl: string | null; consoleUrl: string | null }): void
}

export function createService(options: ServiceOptions): PaydeskService {
  const realNow = options.now ?? Date.now
  const db = openDatabase(options.dbPath, { nativeBinding: options.nativeBinding })
  const checkpointer = options.checkpointInBackground ? checkpointInBackground(db, options.dbPath, { nativeBinding: options.nativeBinding }) : null
  const store = createStore(db)
  const seeded = options.seed === undefined ? undefined : createSeededRun(store, { seed: options.seed, clockStart: options.clockStart, realNow })
  const clock = seeded?.clock ?? createSimulatedClock(store, realNow)
  const ids = seeded?.ids ?? createIds(clock.now, options.randomBytes)
  const seededDatabase = seedDatabase(store, ids, clock.now(), { ...options, provisionPrimary: scenarioProvisioner(store, ids, clock.now(), options.scenario) })
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
    consoleToken: seededDatabase.consoleToken,
    version: VERSION,
    hostInfo: { httpUrl: null, consoleUrl: null },
    simulatorMode: () => store.settings.get(SETTINGS.simulatorMode),
    snapshotsFolder: snapshots.folder,
    stateReplaced: () => webhooks.reset(),
    // The request log's queue is written at the start of each batch, sharing its COMMIT, instead of in a
    // transaction of its own per tick that held the event loop for 2-10 ms under load (docs/benchmarks.md).
    units: createBatcher(store, publish, { beforeUnits: (queued) => engine.requestLog.flush((event) => queued.push(event)) }),
    wallNow: realNow,
    strictRequestChecks: options.strictRequestChecks ?? false,
    requestLog: createRequestLog(store, clock.now, (event) => publish([event])),
  }
  const respond = createDispatcher(engine)
  /** When the last API call came in (HTTP and IPC): the simulator works past its allowance only after a quiet spell. */
  let lastCallAt = Number.NEGATIVE_INFINITY
  const simulator = createSimulator(engine, { tickBudgetMs: options.tickBudgetMs, tickSliceMs: options.tickSliceMs, quietForMs: () => performance.now() - lastCallAt })
  /** A call alone, now: a batch of one, after the units already queued (arrival order holds). */
  const runNow = (routeId: string, input?: CallInput, ctx: CallContext = {}): ServiceResponse => {
    engine.units.flush()
    const requestId = ctx.requestId ?? engine.ids.request()
    // No outcome: the batch ended before the unit ran (BEGIN failed, e.g. on a closed database).
    const [outcome] = engine.units.runBatch([selfContained((queued) => respond(routeId, input, { ...ctx, requestId }, queued))])
    return outcome?.ok ? outcome.value : internalErrorResponse(requestId, provisionalApiVersion(ctx.apiVersion))
  }
  const alone: typeof runNow = seeded ? (routeId, input, ctx) => {
    seeded.beforeCall(() => simulator.tick())
    return runNow(routeId, input, ctx)
  } : runNow
  // In-process callers get values, never raw JSON text (`submit` keeps it for the adapters).
  const call: typeof runNow = (routeId, input, ctx) => {
    lastCallAt = performance.now()
    return materializeResponse(alone(routeId, input, ctx))
  }
  /**
   * Group commit for the hosts' requests: a public call joins the batch of this event-loop turn; console
   * routes (key changes, resets, snapshot restores replacing tables) and seeded runs (whose ids must be
   * drawn in the order of a sequential run) run alone, as `call`.
   */
  const submit = (routeId: string, input?: CallInput, ctx: CallContext = {}): Promise<ServiceResponse> => {
    lastCallAt = performance.now()
    if (seeded || !isRouteId(routeId) || ROUTES[routeId].surface !== 'public') return Promise.resolve(alone(routeId, input, ctx))
    const requestId = ctx.requestId ?? engine.ids.request()
    return engine.units.submit(selfContained((queued) => respond(routeId, input, { ...ctx, requestId }, queued)))
      .catch((error: unknown) => {
        console.error(`[paydesk] the batch of ${routeId} (${requestId}) did not commit:`, error instanceof Error ? error.message : error)
        // The request log must not name a transaction the failed COMMIT took back.
        if (ctx.notes) ctx.notes.transactionId = undefined
        return internalErrorResponse(requestId, provisionalApiVersion(ctx.apiVersion))
      })
  }
  const webhooks = createWebhookDispatcher(engine, options.webhookTransport, { ...DEFAULT_LIMITS, ...options.webhookLimits })
  // Seeding comes last, as when the CLI did it after createService returned.
  const seededHistory = options.seedHistory && seededDatabase.freshDatabase ? historyInto(store, seededDatabase.demoOrganizationId, options.seedHistory, clock.now()) : undefined
  const startup: ServiceStartup = { ...seededDatabase, simulatorMode: engine.simulatorMode(), simulatedNow: clock.now(), seededHistory }
  let closed = false
  const service: PaydeskService = {
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
      if (options.tickSliceMs === undefined) simulator.tick()
      else {
        // Sliced (hosts): the request log's write and the first slice are not one block either.
        await new Promise<void>((resume) => setImmediate(resume))
        if (closed) return
        await simulator.tickInSlices(() => !closed)
      }
      if (closed) return
      await webhooks.tick()
    },
    close() {
      if (closed) return
      closed = true
      engine.units.flush()
      engine.requestLog.flush()
      webhooks.close()
      listeners.clear()
      checkpointer?.close()
      db.close()
      snapshots.cleanup()
    },
    health: () => ({ version: VERSION, database: !closed && databaseAnswers(db) ? 'ok' : 'error' }),
    startup,
    consoleToken: startup.consoleToken,
    newRequestId: seeded?.newRequestId ?? randomRequestId,
    setHostInfo(info) {
      engine.hostInfo = info
    },
  }
  registerInternals(service, { store, engine })
  return service
}

function historyInto(store: Store, organizationId: string, count: number, now: number): ServiceStartup['seededHistory'] {
  const started = performance.now()
  const { inserted } = seedHistory(store, { count, organizationId, now })
  return { inserted, ms: performance.now() - started }
}
