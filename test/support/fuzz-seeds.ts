import { DEFAULT_TARIFF } from '../../shared/fees'
import { DEFAULT_NOTIFICATION_RULES } from '../../shared/schemas/notifications'
import type { RouteId } from '../../shared/api/routes'
import { CONSOLE_TOKEN, type TestServer } from './harness'

/**
 * The HTTP fuzzer's seeds: one valid request per route, built on ids created on the server first. The
 * mutations of fuzz-cases.ts start from these, so many hostile requests are valid or nearly so and the
 * fuzzer reaches the operations, not only zod.
 */

/** Ids the seeds need, created once on the server before fuzzing. */
export interface FuzzFixtures {
  chargeId: string
  collectionsAccountNo: string
  payoutsAccountNo: string
  eventId: string
  throwawayKeyId: string
  /** A request in the request log (the fixture charge's). */
  requestId: string
  /** A sandbox organization to delete. */
  sandboxId: string
  /** Snapshot routes only (snapshotFixture): a snapshot of the sandbox as the fixtures left it (restoring it puts the fixtures back). */
  snapshotName?: string
  /** The one-time owner setup link's token (while no owner exists, as on a new team server). */
  setupToken?: string
  /** Team routes only (teamFixtures): a user who signs in with TEAM_PASSWORD, and a request waiting for approval. */
  userName?: string
  userId?: string
  approvalId?: string
  /** A reconciliation whose line 2 names the fixture charge with another amount (a match by hand accepts it). */
  reconciliationId: string
  /** A reconciliation whose line 2 was matched by hand (an undo puts it back). */
  matchedReconciliationId: string
  /** A notification (the fixture reconciliation's exceptions). */
  notificationId: string
  /** A draft payout batch of one row. */
  payoutBatchId: string
}

export const TEAM_PASSWORD = 'fuzz password 0001'

export interface Seed {
  params?: Record<string, string>
  query?: Record<string, string>
  body?: Record<string, unknown>
}

let counter = 0
/** A fresh merchantTransactionId, so valid seeds keep reaching 202 instead of 409 duplicate. */
const fresh = () => `fz-${++counter}-${Math.random().toString(36).slice(2, 8)}`

/** Valid input per route. Typed as a full record: a new route without a seed does not compile. */
export function seeds(f: FuzzFixtures): Record<RouteId, () => Seed> {
  const hook = 'http://127.0.0.1:9/hook'
  return {
    'mobile.charge': () => ({ body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: fresh(), narration: 'fuzz', webhookUrl: hook, metadata: { order: '42' } } }),
    'mobile.b2c': () => ({ body: { phoneNumber: '254712345678', amount: 1_000, merchantTransactionId: fresh(), narration: 'fuzz' } }),
    'mobile.b2b': () => ({ body: { merchantTransactionId: fresh(), amount: 1_000, accountNumber: '123456', accountNumberType: 'paybill', beneficiary: 'INV-1' } }),
    'mobile.reverse': () => ({ body: { transactionId: f.chargeId, narration: 'fuzz' } }),
    'bank.transfer': () => ({
      body: {
        merchantTransactionId: fresh(), senderAccountNo: f.payoutsAccountNo, senderAddress: '1 Moi Avenue', beneficiaryBankCode: '01',
        beneficiaryBankName: 'KCB', beneficiaryAccountId: '1234567890', beneficiaryAccountCcy: 'KES', beneficiaryName: 'Jane', amount: 1_000,
        narration: 'fuzz', paymentChannel: 'INSTANTBANK',
      },
    }),
    'accounts.list': () => ({ query: { type: 'payouts', scope: 'default' } }),
    'balance.get': () => ({ query: { accountNo: f.collectionsAccountNo } }),
    'bankCodes.list': () => ({ query: { country: 'KE' } }),
    'accountName.validate': () => ({ query: { country: 'KE', accountId: '0712345678', accountType: 'mobile_mobile' } }),
    'transactions.list': () => ({ query: { startDate: '2020-01-01', endDate: '2035-12-31', limit: '5', type: 'charge' } }),
    'transactions.get': () => ({ query: { transactionId: f.chargeId } }),
    'transactions.getById': () => ({ params: { transactionId: f.chargeId } }),
    'console.info': () => ({}),
    'console.events': () => ({}),
    'console.requests.list': () => ({ query: { status: '4xx', path: '/v1/', limit: '5' } }),
    'console.requests.get': () => ({ params: { requestId: f.requestId } }),
    'console.requests.har': () => ({ query: { status: '2xx', limit: '5' } }),
    'console.developer.settings.get': () => ({}),
    'console.developer.settings.update': () => ({ body: { strictRequestChecks: false, requestLogLimit: 50_000 } }),
    'console.keys.list': () => ({}),
    'console.keys.create': () => ({ body: { label: 'fuzz' } }),
    'console.keys.revoke': () => ({ params: { keyId: f.throwawayKeyId } }),
    'console.organizations.list': () => ({}),
    'console.organizations.create': () => ({ body: { name: 'Fuzz org', enterprise: true } }),
    'console.simulator.get': () => ({}),
    'console.simulator.update': () => ({ body: { mode: 'fast', paused: false, settlementDelayMs: null } }),
    'console.simulator.advance': () => ({ body: { ms: 1_000 } }),
    'console.simulator.settle': () => ({ body: {} }),
    'console.simulator.reset': () => ({}),
    'console.prompts.list': () => ({}),
    'console.prompts.answer': () => ({ params: { transactionId: f.chargeId }, body: { answer: 'approve' } }),
    'console.customers.list': () => ({}),
    'console.customers.put': () => ({ params: { phoneNumber: '0712999001' }, body: { name: 'Fuzz', balance: 1_000, dailyLimit: 5_000, status: 'active' } }),
    'console.customers.delete': () => ({ params: { phoneNumber: '0712999002' } }),
    'console.funds.topUp': () => ({ body: { accountNo: f.payoutsAccountNo, amount: 100_000 } }),
    'console.funds.sweep': () => ({ body: { amount: 100 } }),
    'console.fees.get': () => ({}),
    'console.fees.update': () => ({ body: structuredClone(DEFAULT_TARIFF) as unknown as Record<string, unknown> }),
    'console.transactions.detail': () => ({ params: { transactionId: f.chargeId } }),
    'console.transactions.evidence': () => ({ params: { transactionId: f.chargeId } }),
    'console.reversals.list': () => ({ query: { from: '0', to: String(365 * 86_400_000) } }),
    'console.webhooks.events.list': () => ({ query: { limit: '5', type: 'transaction.succeeded' } }),
    'console.webhooks.events.get': () => ({ params: { eventId: f.eventId } }),
    'console.webhooks.events.resend': () => ({ params: { eventId: f.eventId }, body: { url: hook } }),
    'console.webhooks.endpoint.get': () => ({}),
    'console.webhooks.endpoint.update': () => ({ body: { defaultUrl: hook } }),
    'console.webhooks.secret.rotate': () => ({ body: { overlapMs: 1_000 } }),
    'console.webhooks.test': () => ({ body: { url: hook } }),
    'console.faults.get': () => ({}),
    'console.faults.webhooks.set': () => ({ body: { url: hook, faults: { duplicate: true, drop: { attempts: 1 } } } }),
    'console.faults.api.set': () => ({ body: { scope: 'bankCodes.list', faults: { latency: { minMs: 0 } } } }),
    'console.faults.clear': () => ({}),
    'console.webhooks.doctor.run': () => ({ body: { url: hook } }),
    'console.webhooks.doctor.get': () => ({ query: { url: hook } }),
    'console.host.get': () => ({}),
    'console.upstream.get': () => ({}),
    'console.upstream.operate': () => ({}),
    'console.upstream.sync': () => ({ body: {} }),
    'console.upstream.syncJob': () => ({ params: { jobId: 'upsync_none' } }),
    'console.upstream.changes': () => ({ query: { limit: '5' } }),
    'console.upstream.diff': () => ({ query: { from: '2026-01-01', to: '2026-01-02' } }),
    'console.upstream.outbox.list': () => ({ query: { state: 'needs_review' } }),
    'console.upstream.outbox.get': () => ({ params: { id: 'obx_none' } }),
    'console.upstream.outbox.resolve': () => ({ params: { id: 'obx_none' } }),
    'console.upstream.outbox.close': () => ({ params: { id: 'obx_none' }, body: { note: 'Confirmed with the provider' } }),
    'console.host.update': () => ({ body: { httpPort: 8788 } }),
    'console.search': () => ({ query: { q: '0712 345 678', timeZone: 'Africa/Nairobi', limit: '5' } }),
    'console.customers.get': () => ({ params: { phoneNumber: '0712345678' } }),
    'console.audit.list': () => ({ query: { environment: 'test', limit: '5' } }),
    'console.statements.get': () => ({ query: { accountNo: f.collectionsAccountNo, from: '2026-11-01', to: '2026-11-30', timeZone: 'Africa/Nairobi' } }),
    'console.reports.settlement': () => ({ query: { from: '2026-11-01', to: '2026-11-30', timeZone: 'Africa/Nairobi' } }),
    'console.statements.ofx': () => ({ params: { accountNo: f.collectionsAccountNo }, query: { from: '2026-11-01', to: '2026-11-30' } }),
    'console.reports.missingInvoices': () => ({ query: { from: '2026-11-01', to: '2026-11-30' } }),
    'console.reports.missingInvoicesCsv': () => ({ query: { from: '2026-11-01', to: '2026-11-30' } }),
    'console.statements.csv': () => ({ params: { accountNo: f.payoutsAccountNo }, query: { from: '2026-11-01', to: '2026-11-30', format: 'xero' } }),
    'console.keys.setApiVersion': () => ({ params: { keyId: f.throwawayKeyId }, body: { apiVersion: '1.0.1' } }),
    'console.snapshots.list': () => ({}),
    'console.snapshots.save': () => ({ body: { name: 'fuzz-snapshot' } }),
    // Saved after the fixtures were made, so restoring it keeps what the seeds rely on.
    'console.snapshots.restore': () => ({ params: { name: f.snapshotName ?? 'fuzz-none' } }),
    'console.snapshots.delete': () => ({ params: { name: f.snapshotName ?? 'fuzz-none' } }),
    'console.sandboxes.create': () => ({ body: { name: 'Fuzz sandbox', enterprise: false } }),
    // A throwaway sandbox: the fixtures' own data lives in the demo organization, which cannot be deleted.
    'console.sandboxes.delete': () => ({ params: { organizationId: f.sandboxId } }),
    'console.sessions.create': () => ({ body: { name: f.userName ?? 'fuzz-nobody', password: TEAM_PASSWORD } }),
    'console.setup.create': () => ({ body: { token: f.setupToken ?? 'pds_setup_fuzz', name: fresh(), password: 'fuzz password 1' } }),
    'console.sessions.current': () => ({}),
    'console.sessions.end': () => ({}),
    'console.users.list': () => ({}),
    'console.users.create': () => ({ body: { name: fresh(), password: 'fuzz password 1', role: 'viewer' } }),
    'console.users.update': () => ({ params: { id: f.userId ?? 'usr_unknown' }, body: { role: 'viewer' } }),
    'console.roles': () => ({}),
    'console.team.get': () => ({}),
    'console.team.update': () => ({ body: { approvalExpiryHours: 24 } }),
    'console.approvalPolicy.get': () => ({}),
    'console.approvalPolicy.update': () => ({ body: { rules: [{ action: 'b2c', environment: 'live', minAmount: 10_000_000, approvals: 1 }] } }),
    'console.approvals.list': () => ({ query: { status: 'pending' } }),
    'console.approvals.approve': () => ({ params: { id: f.approvalId ?? 'apr_unknown' } }),
    'console.approvals.reject': () => ({ params: { id: f.approvalId ?? 'apr_unknown' }, body: { reason: 'fuzz' } }),
    'console.reconciliations.create': () => ({
      body: {
        name: 'fuzz', csv: 'Order,Amount,Phone\r\nfz-none,100.00,0712 345 678\r\n', mapping: { reference: 'Order', amount: 'Amount', phone: 'Phone' },
        amountUnit: 'KES', from: '2026-11-01', to: '2026-11-30', timeZone: 'Africa/Nairobi',
      },
    }),
    'console.reconciliations.list': () => ({}),
    'console.reconciliations.get': () => ({ params: { id: f.reconciliationId }, query: { kind: 'amount_mismatch', limit: '5', offset: '0' } }),
    'console.reconciliations.match': () => ({ params: { id: f.reconciliationId }, body: { line: 2, transactionId: f.chargeId, note: 'fuzz' } }),
    'console.reconciliations.unmatch': () => ({ params: { id: f.matchedReconciliationId, line: '2' } }),
    'console.reconciliations.export': () => ({ params: { id: f.reconciliationId } }),
    'console.reconciliations.mapping': () => ({ query: { header: 'Order No,Amount,Phone' } }),
    'console.notificationRules.get': () => ({}),
    'console.notificationRules.update': () => ({ body: { ...structuredClone(DEFAULT_NOTIFICATION_RULES), lowFloat: [{ accountNo: f.payoutsAccountNo, below: 1_000 }] } }),
    'console.notifications.list': () => ({ query: { limit: '5' } }),
    'console.notifications.read': () => ({ params: { id: f.notificationId } }),
    'console.notifications.readAll': () => ({}),
    'console.floatDesk.get': () => ({}),
    'console.payoutBatches.create': () => ({ body: { name: 'Fuzz batch', csv: `phoneNumber,amount,reference\n0712345678,"1,500",${fresh()}\n` } }),
    'console.payoutBatches.list': () => ({}),
    'console.payoutBatches.get': () => ({ params: { batchId: f.payoutBatchId } }),
    'console.payoutBatches.submit': () => ({ params: { batchId: f.payoutBatchId }, body: { confirmDuplicate: true } }),
    'console.payoutBatches.retryFailed': () => ({ params: { batchId: f.payoutBatchId } }),
    'console.payoutBatches.results': () => ({ params: { batchId: f.payoutBatchId } }),
    'console.payoutBatches.delete': () => ({ params: { batchId: f.payoutBatchId } }),
    'console.payoutBatches.dropRow': () => ({ params: { batchId: f.payoutBatchId, line: '2' } }),
    'console.payoutBatches.correctRow': () => ({ params: { batchId: f.payoutBatchId, line: '2' }, body: { phoneNumber: '0712345678', amount: '1,500', name: 'Fatuma Munyao' } }),
  }
}


/** Creates the ids the seeds refer to: a settled charge (with its webhook event), accounts, a key to revoke. */
export async function createFixtures(server: TestServer): Promise<FuzzFixtures> {
  const consoleHeaders = { authorization: `Bearer ${CONSOLE_TOKEN}` }
  const reference = fresh()
  const charge = await server.request('POST', '/v1/mobile/charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference, webhookUrl: 'http://127.0.0.1:9/hook' } })
  const accounts = (await server.request('GET', '/v1/accounts?scope=default')).body.data.items as { type: string; accountNo: string }[]
  server.clock.advance(10_000)
  await server.service.tick()
  // Settled, so a sweep has collections to move and a reversal has a charge to undo.
  await server.request('POST', '/console/simulator/settle', { headers: consoleHeaders, body: { transactionId: charge.body.data?.transactionId } })
  const events = await server.request('GET', '/console/webhooks/events?limit=1', { headers: consoleHeaders })
  const key = await server.request('POST', '/console/keys', { headers: consoleHeaders, body: { label: 'fuzz throwaway' } })
  const sandbox = await server.request('POST', '/console/sandboxes', { headers: consoleHeaders, body: { name: 'fuzz throwaway' } })
  // Line 2 names the charge with another amount (an amount mismatch a match by hand may accept); line 3 names nothing.
  const reconciliation = () => server.request('POST', '/console/reconciliations', {
    headers: consoleHeaders,
    body: {
      name: 'fuzz fixture', csv: `Order,Amount\r\n${reference},99.00\r\nfz-none,5.00\r\n`, mapping: { reference: 'Order', amount: 'Amount' },
      amountUnit: 'KES', from: '2026-11-01', to: '2026-11-30', timeZone: 'Africa/Nairobi',
    },
  })
  const unmatched = await reconciliation()
  const matched = await reconciliation()
  await server.request('POST', `/console/reconciliations/${matched.body.data?.id}/matches`, { headers: consoleHeaders, body: { line: 2, transactionId: charge.body.data?.transactionId } })
  const notifications = await server.request('GET', '/console/notifications?limit=1', { headers: consoleHeaders })
  const batch = await server.request('POST', '/console/payout-batches', { headers: consoleHeaders, body: { name: 'fuzz fixture', csv: 'phoneNumber,amount\n0712345678,100\n0712345679,200\n' } })
  const fixtures = {
    chargeId: charge.body.data?.transactionId,
    collectionsAccountNo: accounts.find((a) => a.type === 'collections')?.accountNo,
    payoutsAccountNo: accounts.find((a) => a.type === 'payouts')?.accountNo,
    eventId: events.body.data?.items[0]?.id,
    throwawayKeyId: key.body.data?.id,
    requestId: charge.headers.get('x-request-id'),
    sandboxId: sandbox.body.data?.id,
    reconciliationId: unmatched.body.data?.id,
    matchedReconciliationId: matched.body.data?.id,
    notificationId: notifications.body.data?.items[0]?.id === undefined ? undefined : String(notifications.body.data.items[0].id),
    payoutBatchId: batch.body.data?.id,
  }
  for (const [name, value] of Object.entries(fixtures)) if (typeof value !== 'string') throw new Error(`fuzz fixture ${name} missing`)
  return { ...fixtures, setupToken: server.service.ownerSetupToken() ?? undefined } as FuzzFixtures
}

/**
 * What the snapshot routes' seeds need, made only for them: saving copies the whole database, which the
 * routes fuzzed before have filled.
 */
export async function snapshotFixture(server: TestServer, routeId: RouteId): Promise<Partial<FuzzFixtures>> {
  if (!/^console\.snapshots\.(restore|delete)$/.test(routeId)) return {}
  const snapshot = await server.request('POST', '/console/snapshots', { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` }, body: { name: 'fuzz-fixtures' } })
  if (typeof snapshot.body.data?.name !== 'string') throw new Error('fuzz fixture snapshotName missing')
  return { snapshotName: snapshot.body.data.name }
}

/**
 * What the team routes' seeds need, made only for them (each costs a password hash): a maker who signs in,
 * and a payout of theirs the approval policy holds.
 */
export async function teamFixtures(server: TestServer, routeId: RouteId): Promise<Partial<FuzzFixtures>> {
  if (!/^console\.(sessions\.create|users\.update|approvals\.(approve|reject))$/.test(routeId)) return {}
  const consoleHeaders = { authorization: `Bearer ${CONSOLE_TOKEN}` }
  const userName = `fuzz-maker-${fresh()}`
  const user = await server.request('POST', '/console/users', { headers: consoleHeaders, body: { name: userName, password: TEAM_PASSWORD, role: 'maker' } })
  if (!routeId.startsWith('console.approvals.')) return { userName, userId: user.body.data?.id }
  // Fuzzing the sign-in route before may have locked this address for 15 minutes: let them pass.
  server.clock.advance(15 * 60_000)
  await server.request('PUT', '/console/approval-policy', { headers: consoleHeaders, body: { rules: [{ action: 'b2c', environment: 'any', minAmount: 1, approvals: 1 }] } })
  const session = await server.request('POST', '/console/sessions', { headers: { authorization: '' }, body: { name: userName, password: TEAM_PASSWORD } })
  const held = await server.request('POST', '/v1/mobile/b2c', {
    headers: { authorization: `Bearer ${session.body.data?.token}` }, body: { phoneNumber: '254712345678', amount: 1_000, merchantTransactionId: fresh() },
  })
  const approvalId = held.body.data?.approval?.id as unknown
  if (typeof approvalId !== 'string') {
    // What was answered at each step (the token left out) says where the fixture went wrong.
    const hidden = session.body.data ? { ...session.body.data, token: '…' } : null
    throw new Error(`fuzz fixture approval missing: user ${user.status}; session ${session.status} ${JSON.stringify({ ...session.body, data: hidden })}; held ${held.status} ${JSON.stringify(held.body)}`)
  }
  return { userName, userId: user.body.data?.id, approvalId }
}
