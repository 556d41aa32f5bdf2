import type { ApiVersion } from '../../shared/api/api-versions'
import type { Principal } from './auth'
import type { Batcher } from './batcher'
import type { Store } from './db/store'
import type { Ids } from './ids'
import type { RequestLog } from './request-log/request-log'
import type { SimulatedClock } from './simulator/clock'
import type { SimulatorMode } from './lifecycle/plan'
import type { EngineUnit } from './unit'

/** Engine-wide state shared by operations, the simulator and the webhook dispatcher. */
export interface Engine {
  store: Store
  ids: Ids
  /** Simulated now (real clock plus the QA-controlled offset), ms since the epoch. */
  now(): number
  /** The simulated clock behind `now()`: QA advances it from the console. */
  clock: SimulatedClock
  /** The host's real clock, never advanced: for what receivers check against their own clock (webhook signature timestamps). */
  wallNow(): number
  /** The host forces strict request checks for every organization (`--strict` / `PAYDESK_STRICT=1`). */
  strictRequestChecks: boolean
  /** The API request log (the HTTP adapter records; console routes read). */
  requestLog: RequestLog
  consoleToken: string
  version: string
  hostInfo: { httpUrl: string | null; consoleUrl: string | null }
  simulatorMode(): SimulatorMode
  /** Where snapshots are kept: `snapshots/` next to the database file, a temporary folder for `:memory:`. */
  snapshotsFolder(): string
  /** The database's state was replaced wholesale (a snapshot restore): in-memory bookkeeping must reload. */
  stateReplaced(): void
  /**
   * Runs units of work: alone or grouped, each in its savepoint of one SQLite transaction, publishing
   * their push events after the COMMIT (batcher.ts). Nothing publishes at once: units queue with `unit.emit`.
   */
  units: Batcher
}

/** What an operation receives besides its parsed input: its unit of work, who calls, under which release. */
export interface OperationContext extends EngineUnit {
  principal: Principal
  /** The API release this request is served under (header, key pin, or the newest). */
  apiVersion: ApiVersion
}
