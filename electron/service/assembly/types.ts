import type { SessionHold } from '../team/session-watch'
import type { SignInGuardLimits } from '../team/sign-in-guard'
import type { ServiceResponse } from '../../../shared/api/envelope'
import type { Wire } from '../../../shared/api/raw-json'
import type { PushEvent } from '../../../shared/api/push-events'
import type { RouteData, RouteId } from '../../../shared/api/routes'
import type { RandomBytes } from '../core/ids'
import type { ApiFaultPlan } from '../faults/api-faults'
import type { SimulatorMode } from '../lifecycle/plan'
import type { CallContext, CallNotes } from '../pipeline/auth'
import type { CallInput } from '../pipeline/call-input'
import type { ApiExchange } from '../request-log/exchange'
import type { ScenarioInput } from '../scenario/startup'
import type { SeedResult } from '../seed/provisioning'
import type { DispatcherLimits } from '../webhooks/dispatcher'
import type { WebhookTransport } from '../webhooks/transport'
import type { UpstreamSettings } from '../upstream/connection'
import type { HintDelivery } from '../upstream/hints'

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
  /** WAL checkpoints in a worker thread instead of inside some COMMIT (hosts set it; db/cache/checkpointer.ts). */
  checkpointInBackground?: boolean
  /** A scenario file to start from (applied to a fresh database; docs/scenarios.md). */
  scenario?: ScenarioInput
  /** Reproducible run: seeded ids and a clock that never takes its value from the wall clock (simulator/reproducible.ts). */
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
  /** Team mode for this run (`--team` / PAYDESK_TEAM=1): console callers must sign in, whatever the saved setting. */
  team?: boolean
  /** Bounds of the sign-in guard (team/sign-in-guard.ts); tests make them small. */
  signInLimits?: SignInGuardLimits
  /** Connect to the merchant's provider account (`--upstream*`): the environment its key names mirrors it (docs/upstream.md). */
  upstream?: UpstreamSettings
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

/** Where the host serves: what the console shows and links to. */
export interface HostInfo {
  httpUrl: string | null
  consoleUrl: string | null
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
  /**
   * Binds an open event stream to the sign-in session that opened it (`CallNotes.sessionId`): `onEnd` runs
   * once when the session ends or runs out; `alive()` before each event. null: the session is not valid now.
   */
  watchSession(sessionId: string, onEnd: () => void): SessionHold | null
  /** Moves due work forward (simulator, webhooks). Hosts call it on a timer; tests call it with a fake clock. */
  tick(): Promise<void>
  close(): void
  /** Readiness facts for /healthz: the engine's version and whether SQLite answers. */
  health(): { version: string; database: 'ok' | 'error' }
  readonly startup: ServiceStartup
  readonly consoleToken: string
  /** The request id of a call a host answers (HTTP, IPC): seeded runs draw them from their own stream. */
  readonly newRequestId: () => string
  setHostInfo(info: HostInfo): void
  /**
   * Connects the provider account now (the desktop app's Settings; a headless host passes `upstream` at
   * start): the environment the key names becomes its mirror; a connection held before is closed.
   */
  connectUpstream(settings: UpstreamSettings): void
  /** Closes the provider connection; the mirror stays, read-only. */
  disconnectUpstream(): void
  /**
   * A webhook of the connected provider, taken as a hint (docs/upstream.md "Webhook hints"): verified, stored,
   * a targeted get queued. null: this run takes none (the endpoint answers 404). `notes` file it in the request log.
   * `takesUpstreamHints`: whether it takes them now (a connection with a webhook secret).
   */
  takesUpstreamHints(): boolean
  receiveUpstreamHint(delivery: HintDelivery, requestId: string): { response: ServiceResponse; notes: CallNotes } | null
  /** Team mode is in force now (`--team`, or sign-in required by the saved setting): the HTTP adapter guards the console harder. */
  teamMode(): boolean
  /** While no enabled owner exists: the one-time token of the "Create the owner" link a team host prints (`/?setup=<token>`); else null. */
  ownerSetupToken(): string | null
}
