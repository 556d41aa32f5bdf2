import type { OwnerSetup } from '../team/owner-setup'
import type { SignInProof } from '../team/sign-in-proof'
import type { UpstreamConnection } from '../upstream/connection'
import type { OutboxSenderStatus } from '../upstream/outbox/sender'
import type { z } from 'zod'
import type { RouteData, RouteId, Routes } from '../../../shared/api/routes'
import type { Wire } from '../../../shared/api/raw-json'
import type { ApiVersion } from '../../../shared/api/api-versions'
import type { Principal } from '../core/principal'
import type { Unit } from '../core/unit'
import type { StreamedAnswer } from '../core/streamed-answer'
import type { SnapshotStore } from '../db/snapshots'
import type { SimulatedClock } from '../core/clock'
import type { ConsoleDoctor } from '../doctor/console-runs'
import type { ServiceResponse } from '../../../shared/api/envelope'
import type { ApprovalRow } from '../db/approvals-repo'
import type { SignInGuard } from '../team/sign-in-guard'

type Out<S> = S extends z.ZodType ? z.output<S> : undefined

export interface ParsedInput<Id extends RouteId> {
  query: Out<Routes[Id] extends { query: infer Q } ? Q : undefined>
  body: Out<Routes[Id] extends { body: infer B } ? B : undefined>
  params: Out<Routes[Id] extends { params: infer P } ? P : undefined>
}

/**
 * What console operations need of the process around the engine: facts the host set, QA's hold on
 * simulated time, the request log's queue, snapshots. One typed object, so an operation reaches nothing
 * else (no service locator): built once by createService.
 */
export interface OperationHost {
  /** Paydesk's own version. */
  readonly version: string
  /** Where the host serves the API and the console (null: not serving HTTP). */
  hostInfo(): { httpUrl: string | null; consoleUrl: string | null }
  /** The host forces strict request checks for every organization (`--strict` / `PAYDESK_STRICT=1`). */
  readonly strictRequestChecks: boolean
  /** Simulated time as it stands now (a unit's `now` is fixed when it starts), and QA's advance of it. */
  readonly clock: Pick<SimulatedClock, 'now' | 'offsetMs' | 'advance'>
  /** Writes the request log's queued exchanges, so a read sees every request answered so far. */
  flushRequestLog(emit: Unit['emit']): void
  /** Text redacted as the request log redacts it (patterns and the host's own secrets by value). */
  redact(text: string): string
  /** The snapshot folder of this database. */
  snapshots(): SnapshotStore
  /** The console's "Check my endpoint": runs in the background, one at a time per URL. */
  readonly doctor: ConsoleDoctor
  /** The database's state was replaced wholesale (a snapshot restore): in-memory bookkeeping must reload. */
  stateReplaced(): void
  /** Team mode: console callers must be signed in (`--team` for this run, or the saved setting). */
  teamMode(): boolean
  /** The host's real clock: sessions and the sign-in guard count real time, not simulated time. */
  wallNow(): number
  /** Wrong passwords per name and per client address (team/sign-in-guard.ts). */
  readonly signInGuard: SignInGuard
  /** The first start of a team server: the one-time "Create the owner" link's token (team/owner-setup.ts). */
  readonly ownerSetup: OwnerSetup
  /**
   * Runs an approved request inside the current unit, as its requester's request under its Idempotency-Key,
   * through the same pipeline as any call (operations/support/approval-decisions.ts).
   */
  runApproved(unit: Unit, approval: ApprovalRow): ServiceResponse
  /** The provider connection this process holds, or null (upstream/connection.ts). */
  upstream(): UpstreamConnection | null
  /**
   * Why this organization's environment refuses sandbox controls and money: it mirrors a provider account
   * (connected now, or once: the mirror stays read-only). Null for a sandbox.
   */
  upstreamRefusal(organizationId: string, environment: 'test' | 'live'): string | null
  /** The outbox's sender as it stands (operate mode), or null when no outbox runs in this process (upstream/outbox/runner.ts). */
  outboxStatus(): OutboxSenderStatus | null
}

/** What an operation receives besides its parsed input: its unit of work, who calls, under which release, the host. */
export interface OperationContext extends Unit {
  principal: Principal
  /** The API release this request is served under (header, key pin, or the newest). */
  apiVersion: ApiVersion
  host: OperationHost
  /** The call's request id (the audit log names it). */
  requestId: string
  /** The client's network address (HTTP), for the sign-in guard. */
  clientAddress?: string
  /** The caller writes bytes as they come (HTTP): a heavy download may answer a StreamedAnswer. */
  streaming?: boolean
  /** A sign-in's password hashed off the engine thread before this call ran (team/sign-in-proof.ts). */
  signInProof?: SignInProof
}

/** An operation answers its route's data, or that data as JSON text (list pages built in SQLite: shared/api/raw-json.ts). */
export type Operation<Id extends RouteId> = (ctx: OperationContext, input: ParsedInput<Id>) => Wire<RouteData<Id>> | StreamedAnswer

/** Every route has exactly one operation: the compiler checks that nothing is left unimplemented. */
export type OperationTable = { [Id in RouteId]: Operation<Id> }
export type PartialOperationTable<Ids extends RouteId> = { [Id in Ids]: Operation<Id> }
