import { ApiError } from '../../../shared/errors'
import { SnapshotTooNewError } from '../db/snapshots'
import { UnsafeFolderError } from '../db/file-access'
import type { OperationContext } from './types'
import { roleAllows, type Permission } from '../../../shared/team/permissions'
import type { PartialOperationTable } from './types'

function isRefusedRow(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || code === 'SQLITE_MISMATCH')
}

/** Runs a snapshot operation; a folder Paydesk refuses to write secrets into is answered 403, saying why. */
function inSafeFolder<T>(work: () => T): T {
  try {
    return work()
  } catch (error) {
    if (error instanceof UnsafeFolderError) throw new ApiError('forbidden', error.message)
    throw error
  }
}

function missing(name: string): ApiError {
  return new ApiError('not_found', `No snapshot named ${name}.`, 'name')
}

/** Everything the console shows of the current organization may have changed: ask it to refetch. */
function announceBalances(ctx: OperationContext): void {
  for (const environment of ['test', 'live'] as const) {
    for (const account of ctx.store.accounts.list(ctx.principal.organizationId, environment)) {
      ctx.emit({ type: 'balance.changed', environment, accountNo: account.account_no })
    }
  }
}

/**
 * A restore replaces the whole sandbox, both environments: API keys (live ones too), webhooks, faults, the
 * simulator and money. It needs every permission of what it would change, in live, not only
 * snapshots.manage: a developer saves snapshots but cannot remove live keys or rewind live money. Whoever restores,
 * no key revoked or secret rotated since the snapshot comes back (db/snapshot-credentials.ts).
 */
const RESTORE_CHANGES: readonly Permission[] = ['keys.manage', 'keys.live', 'webhooks.manage', 'faults.manage', 'simulator.manage', 'payments.create']

function assertMayRestore(ctx: OperationContext): void {
  const role = ctx.principal.actor.role
  if (role === 'api-key') return
  const lacking = RESTORE_CHANGES.find((permission) => !roleAllows(role, permission, 'live'))
  if (lacking) {
    throw new ApiError('forbidden', `Restoring a snapshot replaces live keys and live money too: it needs the permission ${lacking} in live, which the ${role} role lacks.`, lacking)
  }
}

export const CONSOLE_SNAPSHOTS_OPERATIONS: PartialOperationTable<
  'console.snapshots.list' | 'console.snapshots.save' | 'console.snapshots.restore' | 'console.snapshots.delete'
> = {
  'console.snapshots.list': (ctx) => {
    const snapshots = ctx.host.snapshots()
    return inSafeFolder(() => ({ folder: snapshots.folder(), items: snapshots.list() }))
  },
  'console.snapshots.save': (ctx, { body }) => {
    const realNow = ctx.now - ctx.host.clock.offsetMs()
    return inSafeFolder(() => ctx.host.snapshots().save(body.name, { createdAt: realNow, takenAt: ctx.now, paydeskVersion: ctx.host.version }))
  },
  'console.snapshots.restore': (ctx, { params }) => {
    assertMayRestore(ctx)
    const snapshots = ctx.host.snapshots()
    const snapshot = inSafeFolder(() => snapshots.get(params.name))
    if (!snapshot) throw missing(params.name)
    const timersShiftedMs = Math.max(0, ctx.now - snapshot.takenAt)
    let tables: Record<string, number>
    try {
      tables = snapshots.restore(params.name, timersShiftedMs, { now: ctx.now, newWebhookSecret: () => ctx.ids.webhookSecret() })
    } catch (error) {
      if (error instanceof SnapshotTooNewError) throw new ApiError('validation_error', `Cannot restore ${params.name}: ${error.message}.`, 'name')
      // Rows SQLite refuses (edited by hand, damaged): the unit rolls back, the sandbox stays as it was.
      if (isRefusedRow(error)) throw new ApiError('validation_error', `Cannot restore ${params.name}: the snapshot holds rows this sandbox refuses (${(error as Error).message}).`, 'name')
      throw error
    }
    // In-memory bookkeeping (the webhook dispatcher's in-flight set and known endpoints) describes the old state.
    ctx.host.stateReplaced()
    announceBalances(ctx)
    return { snapshot, tables, timersShiftedMs }
  },
  'console.snapshots.delete': (ctx, { params }) => {
    if (!inSafeFolder(() => ctx.host.snapshots().remove(params.name))) throw missing(params.name)
    return { name: params.name, deleted: true as const }
  },
}
