import { z } from 'zod'
import { ROUTES, type RouteId } from '../../../shared/api/routes'
import type { RouteSpec } from '../../../shared/api/route'
import { SearchQuerySchema } from '../../../shared/schemas/console-support'
import { EvidencePathSchema, type EvidenceBundle } from '../../../shared/schemas/evidence'
import { SetApiFaultsRequestSchema, SetWebhookFaultsRequestSchema, type FaultState } from '../../../shared/schemas/faults'
import { RequestLogQuerySchema, type RequestLogPage } from '../../../shared/schemas/request-log'
import { ClockAdvanceRequestSchema, SettleRequestSchema } from '../../../shared/schemas/simulator'
import { outcomeOf, routeTool, type Tool } from './tool'
import { searchText, storyText } from './text'

const faultsText = (state: FaultState) => (state.active
  ? `Faults on: ${[...state.webhooks.map((rule) => `webhooks to ${rule.url}: ${Object.keys(rule.faults).join(', ')}`), ...state.api.map((rule) => `API ${rule.scope}: ${Object.keys(rule.faults).join(', ')}`)].join('; ')}`
  : 'No fault is on.')

export const SANDBOX_TOOLS: Tool[] = [
  routeTool({
    name: 'search_transactions',
    description: 'Find transactions the way a customer describes them: a phone number in any spelling (even spoken with spaces, "0712 345 678"), an amount in shillings ("1,500", optionally with a day: "1500 yesterday"), a receipt, a reference, a Paydesk id, or narration words.',
    input: SearchQuerySchema,
    route: 'console.search',
    call: (query) => ({ query }),
    text: searchText,
  }),
  routeTool({
    name: 'get_transaction',
    description: 'A transaction\'s whole story: its fields, status timeline, ledger postings, linked reversal or charge, every webhook event and delivery attempt, and every logged API request that named it.',
    input: EvidencePathSchema,
    route: 'console.transactions.evidence',
    call: (params) => ({ params }),
    text: (bundle: EvidenceBundle) => storyText(bundle),
  }),
  routeTool({
    name: 'advance_clock',
    description: 'Move the sandbox\'s simulated clock forward by ms (at most 30 days): pending charges and payouts due by then finalize, charges settle, webhook retries come due.',
    input: ClockAdvanceRequestSchema,
    route: 'console.simulator.advance',
    call: (body) => ({ body }),
    text: (state: { now: number; mode: string }) => `Simulated clock is now ${new Date(state.now).toISOString()} (simulator ${state.mode}).`,
  }),
  routeTool({
    name: 'settle_now',
    description: 'Settle one completed charge now (transactionId), or every completed charge: its net moves from collections pending to available.',
    input: SettleRequestSchema,
    route: 'console.simulator.settle',
    call: (body) => ({ body }),
    text: (result: { settled: string[] }) => (result.settled.length === 0 ? 'Nothing to settle.' : `Settled: ${result.settled.join(', ')}`),
  }),
  {
    name: 'set_faults',
    description: 'Make the provider misbehave: webhook faults for one endpoint URL (duplicate, reorder, delay, drop, tamper, stale, wrongSecret) and/or API faults for a public route or every money route (latency, errorRate, outage, commitThenDrop, commitThenError, lookupLag).',
    input: z.strictObject({ webhooks: SetWebhookFaultsRequestSchema.optional(), api: SetApiFaultsRequestSchema.optional() }),
    async run(args, { backend }) {
      if (args['webhooks'] === undefined && args['api'] === undefined) return { ok: false, message: 'missing_parameter: give webhooks, api or both.' }
      let answer
      if (args['webhooks'] !== undefined) answer = await backend.call('console.faults.webhooks.set', { body: args['webhooks'] })
      if (args['api'] !== undefined && (answer === undefined || answer.ok)) answer = await backend.call('console.faults.api.set', { body: args['api'] })
      return outcomeOf(answer!, faultsText)
    },
  },
  routeTool({
    name: 'clear_faults',
    description: 'Switch every fault of the test environment off.',
    input: z.strictObject({}),
    route: 'console.faults.clear',
    call: () => ({}),
    text: faultsText,
  }),
  routeTool({
    name: 'list_requests',
    description: 'The API request log, newest first: every /v1 request with status, key prefix, Idempotency-Key, faults and transaction. Filter by status class (4xx), path, transactionId, requestId; page with cursor.',
    input: RequestLogQuerySchema,
    route: 'console.requests.list',
    call: (query) => ({ query }),
    text: (page: RequestLogPage) => [
      `${page.items.length} request(s)${page.nextCursor ? ` (more: cursor ${page.nextCursor})` : ''}:`,
      ...page.items.map((r) => `  ${new Date(r.at).toISOString()} ${r.method} ${r.path}${r.query} -> ${r.status} ${r.keyPrefix ?? ''} ${r.transactionId ?? ''} (${r.requestId})`),
    ].join('\n'),
  }),
]

/** The account-name check is the provider's route; the tool exists when this build's route table has it. */
export const ACCOUNT_NAME_PATH = '/v1/account-name-validation'

export function accountNameTool(routes: Record<string, RouteSpec> = ROUTES): Tool | null {
  const found = Object.entries(routes).find(([, route]) => route.path === ACCOUNT_NAME_PATH && route.method === 'GET')
  if (!found || !found[1].query) return null
  const [routeId, route] = found
  const input = route.query as z.ZodType
  if (!(input instanceof z.ZodObject)) return null
  return routeTool({
    name: 'validate_account_name',
    description: 'The registered name of a phone, till, paybill or bank account before money moves (the provider\'s account-name validation): found, accountName, freeze and restriction status.',
    input,
    route: routeId as RouteId,
    call: (query) => ({ query: query as Record<string, unknown> }),
    text: (result: { found?: boolean; accountName?: string | null; accountId?: string; errorMessage?: string }) => (result.found
      ? `${result.accountId}: ${result.accountName}`
      : `${result.accountId ?? 'account'} not found${result.errorMessage ? `: ${result.errorMessage}` : ''}`),
  })
}
