import type { Engine } from '../core/engine'
import type { ServiceResponse } from '../../../shared/api/envelope'
import { proveSignIn } from '../team/sign-in-proof'
import { expireDueApprovals } from '../team/approvals'
import type { PushEvent } from '../../../shared/api/push-events'
import { runUnit, type Unit } from '../core/unit'
import type { ApprovalRow } from '../db/approvals-repo'
import { databaseAnswers } from '../db/connection'
import { SETTINGS } from '../db/settings-registry'
import { snapshotsFolderOf } from '../db/snapshots-folder'
import { planApiFaults } from '../faults/api-faults'
import { simulatorModeOf } from '../lifecycle/simulator-settings'
import { authenticate } from '../pipeline/auth'
import { createDispatcher } from '../pipeline/dispatch'
import { randomRequestId } from '../core/ids'
import { scenarioProvisioner } from '../scenario/startup'
import { seedHistory } from '../seed/history'
import { seedDatabase, type SeedResult } from '../seed/provisioning'
import { createSimulator } from '../simulator'
import { createBatchRunner, type BatchRunner, type RowPayer } from '../payout-batches/runner'
import { registerInternals } from '../test-access'
import { createWebhookDispatcher, DEFAULT_LIMITS, type WebhookDispatcher } from '../webhooks/dispatcher'
import { createCallers } from './callers'
import { openEngineCore, type EngineCore } from './engine-core'
import { createOperationHost } from './operation-host'
import { upstreamParts } from './upstream-parts'
import type { HostInfo, PaydeskService, ServiceOptions, ServiceStartup } from './types'

import { VERSION } from '../../../shared/version'

export { VERSION }

/** A fresh database gets the demo organization (or the scenario's), keys and secrets; an existing one the host's fixed ones. */
function seed(core: EngineCore, options: ServiceOptions): SeedResult {
  const { engine } = core
  return runUnit(engine, engine.now(), (unit) => {
    const result = seedDatabase(unit, { ...options, provisionPrimary: scenarioProvisioner(unit.store, options.scenario) })
    if (options.simulatorMode) unit.store.settings.set(SETTINGS.simulatorMode, options.simulatorMode)
    return result
  })
}

/** The secrets this host knows in clear, which the request log redacts by value (with or without their prefix). */
function hostSecretsOf(seeded: SeedResult, options: ServiceOptions): string[] {
  const known = [seeded.consoleToken, seeded.testKey, seeded.liveKey, seeded.testWebhookSecret, options.apiKey, options.liveApiKey, options.webhookSecret, options.upstream?.key, options.upstream?.webhook?.secret]
  return known.filter((secret): secret is string => typeof secret === 'string')
}

function historyInto(core: EngineCore, organizationId: string, count: number): ServiceStartup['seededHistory'] {
  const started = performance.now()
  const { inserted } = seedHistory(core.engine.store, { count, organizationId, now: core.engine.now() })
  return { inserted, ms: performance.now() - started }
}

/**
 * An approved request, run inside the approving unit through the whole pipeline, as its requester's
 * request under its Idempotency-Key (operations/support/approval-decisions.ts); its push events join the unit's.
 */
function runApproved(respond: ReturnType<typeof createDispatcher>, unit: Unit, approval: ApprovalRow): ServiceResponse {
  const events: PushEvent[] = []
  const response = respond(approval.route_id, { body: approval.request_body, idempotencyKey: approval.idempotency_key ?? undefined }, {
    approvedRequest: { approvalId: approval.id, actor: approval.requested_by }, organizationId: approval.organization_id, environment: approval.environment,
  }, events)
  for (const event of events) unit.emit(event)
  return response
}

interface TickParts {
  simulator: ReturnType<typeof createSimulator>
  payoutBatches: BatchRunner
  webhooks: WebhookDispatcher
  sliced: boolean
  open: () => boolean
  upstreamTick: () => void
}

/** Bulk payouts' rows, paid through the pipeline as their submitter's console calls, logged as requests (payout-batches/send-row.ts). */
function rowPayer(respond: ReturnType<typeof createDispatcher>, requestLog: EngineCore['requestLog']): RowPayer {
  return {
    pay: (routeId, input, caller, published) => respond(routeId, input, {
      actingFor: caller.actor, organizationId: caller.organizationId, environment: caller.environment, requestId: caller.requestId, notes: caller.notes,
    }, published),
    logRequest: (exchange) => requestLog.record(exchange),
  }
}

/** The hosts' tick: the request log's queue, bulk payouts' rows and the simulator's due work (in slices for hosts), then webhooks. */
async function tickOnce(core: EngineCore, parts: TickParts): Promise<void> {
  if (!parts.open()) return
  core.seeded?.idleJump()
  parts.upstreamTick()
  core.requestLog.flush()
  if (!parts.sliced) {
    parts.payoutBatches.sendNow()
    parts.simulator.tick()
  } else {
    // Sliced (hosts): the request log's write and the first slice are not one block either.
    await new Promise<void>((resume) => setImmediate(resume))
    if (!parts.open()) return
    await parts.payoutBatches.sendInSlices(parts.open)
    if (!parts.open()) return
    await parts.simulator.tickInSlices(parts.open)
  }
  if (!parts.open()) return
  parts.payoutBatches.finishDone()
  expireDueApprovals(core.engine)
  await parts.webhooks.tick()
  // What this tick committed raises its notifications now, not at the next request: a batch of no units,
  // whose side work (beforeUnits) is the notifier's drain.
  if (parts.open() && core.notifier.waiting() > 0) core.engine.units.runBatch([])
}

/**
 * The fault lab's plan for a call, its caller identified as the dispatcher would (team mode, a session judged on
 * the host's real clock): an unknown key gets no faults (its request fails on its own).
 */
function faultPlanner(engine: Engine, consoleToken: string, teamMode: () => boolean): PaydeskService['planApiFaults'] {
  return (routeId, ctx) => {
    if (!engine.store.faults.anyRule()) return null
    let scope
    try {
      scope = authenticate(engine.store, consoleToken, ctx, engine.now(), { teamMode: teamMode(), wallNow: engine.wallNow() })
    } catch {
      return null
    }
    return planApiFaults({ store: engine.store, ids: engine.ids, now: engine.now() }, scope, routeId)
  }
}

/**
 * The engine as one object for its hosts (CLI, desktop, tests): `createService(options)` opens the
 * database, seeds it, and wires the pipeline, the simulator and the webhook dispatcher. Hosts own timers
 * (they call `tick`), sockets and windows; everything else goes through the route table.
 */
export function createService(options: ServiceOptions): PaydeskService {
  const core = openEngineCore(options)
  const { engine, requestLog } = core
  const seeded = seed(core, options)
  const snapshots = snapshotsFolderOf(options)
  let hostInfo: HostInfo = { httpUrl: null, consoleUrl: null }
  const strictRequestChecks = options.strictRequestChecks ?? false
  const upstream = upstreamParts(engine, options.upstream, seeded.demoOrganizationId, { requestLog, hostSecrets: hostSecretsOf(seeded, options) }, {
    newRequestId: core.seeded?.newRequestId ?? randomRequestId,
    // Asked only after the host below exists (a call, a tick, a status).
    teamMode: () => host.teamMode(),
  })
  const host = createOperationHost({
    engine, version: VERSION, strictRequestChecks, requestLog, snapshotsFolder: snapshots.folder, hostInfo: () => hostInfo, stateReplaced: () => webhooks.reset(),
    team: options.team === true, signInLimits: options.signInLimits, upstream: () => upstream.connection, upstreamRefusal: upstream.refusal, outboxStatus: () => upstream.outbox?.sender.status() ?? null,
    runApproved: (unit, approval) => runApproved(respond, unit, approval),
  })
  const respond = createDispatcher({ engine, consoleToken: seeded.consoleToken, strictRequestChecks, host })
  const callers = createCallers(engine, respond, core.seeded, () => simulator.tick(), (input, ctx) => proveSignIn(engine.store, host.signInGuard, input?.body, ctx.clientAddress))
  const simulator = createSimulator(engine, { tickBudgetMs: options.tickBudgetMs, tickSliceMs: options.tickSliceMs, quietForMs: callers.quietForMs })
  // Bulk payouts: each queued row is paid through the same pipeline as every face's calls.
  const payoutBatches = createBatchRunner(engine, rowPayer(respond, requestLog), { budgetMs: options.tickBudgetMs, sliceMs: options.tickSliceMs, quietForMs: callers.quietForMs })
  const webhooks = createWebhookDispatcher(engine, options.webhookTransport, { ...DEFAULT_LIMITS, ...options.webhookLimits })
  // Seeding comes last, as when the CLI did it after createService returned.
  const seededHistory = options.seedHistory && seeded.freshDatabase ? historyInto(core, seeded.demoOrganizationId, options.seedHistory) : undefined
  const startup: ServiceStartup = { ...seeded, simulatorMode: simulatorModeOf(engine.store), simulatedNow: engine.now(), seededHistory }
  let closed = false
  const open = () => !closed
  const service: PaydeskService = {
    call: callers.call,
    submit: upstream.submitting(callers.submit, seeded.consoleToken),
    ...upstream.serviceMethods(),
    logRequest(exchange) {
      if (!closed) requestLog.record(exchange)
    },
    planApiFaults: faultPlanner(engine, seeded.consoleToken, () => host.teamMode()),
    onEvent(listener) {
      core.listeners.add(listener)
      return () => core.listeners.delete(listener)
    },
    watchSession: (sessionId, onEnd) => (closed ? null : core.sessionWatch.watch(sessionId, onEnd)),
    tick: () => tickOnce(core, { simulator, payoutBatches, webhooks, sliced: options.tickSliceMs !== undefined, open, upstreamTick: () => upstream.tick() }),
    close() {
      if (closed) return
      closed = true
      upstream.close()
      engine.units.flush()
      requestLog.flush()
      webhooks.close()
      core.listeners.clear()
      core.sessionWatch.close()
      core.checkpointer?.close()
      core.db.close()
      snapshots.cleanup()
    },
    health: () => ({ version: VERSION, database: !closed && databaseAnswers(core.db) ? 'ok' : 'error' }),
    startup,
    consoleToken: startup.consoleToken,
    newRequestId: core.seeded?.newRequestId ?? randomRequestId,
    setHostInfo(info) {
      hostInfo = info
    },
    teamMode: () => !closed && host.teamMode(),
    ownerSetupToken: () => host.ownerSetup.token(),
  }
  registerInternals(service, { store: engine.store, engine })
  return service
}
