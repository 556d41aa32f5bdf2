import type { Engine } from '../core/engine'
import { SETTINGS } from '../db/settings-registry'
import { createSignInGuard, type SignInGuardLimits } from '../team/sign-in-guard'
import { createOwnerSetup } from '../team/owner-setup'
import { createConsoleDoctor } from '../doctor/console-runs'
import { createSnapshotStore, type SnapshotStore } from '../db/snapshots'
import type { OperationHost } from '../operations/types'
import type { RequestLog } from '../request-log/request-log'
import type { HostInfo } from './types'

export interface OperationHostParts {
  engine: Engine
  version: string
  strictRequestChecks: boolean
  requestLog: RequestLog
  snapshotsFolder: () => string
  hostInfo: () => HostInfo
  /** In-memory bookkeeping to reload after a snapshot restore (the webhook dispatcher's). */
  stateReplaced: () => void
  /** `--team` for this run (else the saved setting decides). */
  team: boolean
  runApproved: OperationHost['runApproved']
  signInLimits?: SignInGuardLimits
  upstream: OperationHost['upstream']
  upstreamRefusal: OperationHost['upstreamRefusal']
  outboxStatus: OperationHost['outboxStatus']
}

/** The one typed object console operations reach the process through (operations/types.ts). */
export function createOperationHost(parts: OperationHostParts): OperationHost {
  let snapshots: SnapshotStore | undefined
  return {
    version: parts.version,
    hostInfo: parts.hostInfo,
    strictRequestChecks: parts.strictRequestChecks,
    clock: parts.engine.clock,
    flushRequestLog: (emit) => parts.requestLog.flush(emit),
    redact: (text) => parts.requestLog.redact(text),
    snapshots: () => (snapshots ??= createSnapshotStore(parts.engine.store.db, parts.snapshotsFolder)),
    doctor: createConsoleDoctor(parts.engine),
    stateReplaced: parts.stateReplaced,
    teamMode: () => parts.team || parts.engine.store.settings.get(SETTINGS.teamRequireSignIn),
    wallNow: parts.engine.wallNow,
    signInGuard: createSignInGuard(parts.engine.wallNow, parts.signInLimits),
    ownerSetup: createOwnerSetup(parts.engine.store),
    runApproved: parts.runApproved,
    upstream: parts.upstream,
    upstreamRefusal: parts.upstreamRefusal,
    outboxStatus: parts.outboxStatus,
  }
}
