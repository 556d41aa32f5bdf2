import { z } from 'zod'
import { EnvironmentSchema, TransactionStatusSchema } from './common'
import { checkScenarioState, ScenarioFaultsSchema, ScenarioStateShape } from './scenario'
import { MAX_SIMULATOR_SPAN_MS } from './simulator'

/**
 * A scenario run (`paydesk scenario run flow.yaml`, docs/scenarios.md "Runs"): a scenario file plus timed
 * steps and expectations. Steps name what they create (`as: order1`) and later steps and expectations refer
 * to it by that name. Like the state part, names are a contract: add, never rename.
 */

/** A name given with `as:` (letters, digits, _ and -). */
const NameSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'must be a name of letters, digits, _ or - starting with a letter')

/** `5000`, `"5s"`, `"2m"`, `"1h"`, `"1d"`: a duration in ms. */
export const DurationSchema = z.union([
  z.number().int().min(0),
  z.string().regex(/^\d+(\.\d+)?(ms|s|m|h|d)$/, 'must be a number of ms or a duration such as 500ms, 5s, 2m, 1h or 1d'),
]).transform((value) => {
  if (typeof value === 'number') return value
  const [, amount, unit] = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(value)!
  const factor = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit as 'ms' | 's' | 'm' | 'h' | 'd']
  return Math.round(Number(amount) * factor)
})

/**
 * Every step may say when it happens on the simulated clock, from the start of the run: the clock is
 * advanced to that time first (a step whose time has passed runs at once). Steps still run in order.
 */
const Timed = { at: DurationSchema.optional() }

const CallStepSchema = z.strictObject({
  ...Timed,
  /** A route id of the route table, e.g. mobile.charge, mobile.reverse, transactions.getById. */
  call: z.string().regex(/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/, 'must be a route id such as mobile.charge'),
  body: z.record(z.string(), z.unknown()).optional(),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  params: z.record(z.string(), z.string()).optional(),
  /** Which of the scenario's keys (public routes) or the console's environment (console routes). */
  environment: EnvironmentSchema.default('test'),
  /** The HTTP status expected; default: any 2xx. A different one fails the step. */
  expectStatus: z.number().int().min(100).max(599).optional(),
  as: NameSchema.optional(),
})

const AnswerStepSchema = z.strictObject({
  ...Timed,
  /** The handset: answer the push prompt of the charge named `transaction`. `no_answer` lets it time out (1037). */
  answer: z.enum(['approve', 'cancel', 'wrong_pin', 'no_answer']),
  transaction: NameSchema,
})

const AdvanceStepSchema = z.strictObject({ ...Timed, advance: DurationSchema.pipe(z.number().min(1).max(MAX_SIMULATOR_SPAN_MS)) })

const SettleStepSchema = z.strictObject({ ...Timed, settle: z.union([NameSchema, z.literal('all')]) })

const WaitStepSchema = z.strictObject({
  ...Timed,
  wait: z.union([
    z.strictObject({ transaction: NameSchema, status: TransactionStatusSchema, timeout: DurationSchema.default(30_000) }),
    z.strictObject({
      event: z.string().min(1), transaction: NameSchema.optional(), timeout: DurationSchema.default(30_000),
      /** Also until every delivery of the event had its first attempt (the faults on then are the ones it got). */
      attempted: z.boolean().optional(),
    }),
  ]),
})

/** A real-time pause (rarely needed: waits and advances are faster and reproducible). */
const SleepStepSchema = z.strictObject({ ...Timed, sleep: DurationSchema.pipe(z.number().max(600_000)) })

/**
 * Switches the fault lab during a run, through its console routes: each environment named gets exactly
 * these faults (as in the file's `faults:`; `{}` switches it off); `off` switches every environment off.
 */
const FaultsStepSchema = z.strictObject({
  ...Timed,
  faults: z.union([z.literal('off', { error: 'must be "off" or { test: { webhooks, api }, live: { webhooks, api } }' }), ScenarioFaultsSchema]),
})

export const ScenarioStepSchema = z.union([CallStepSchema, AnswerStepSchema, AdvanceStepSchema, SettleStepSchema, WaitStepSchema, SleepStepSchema, FaultsStepSchema])
export type ScenarioStep = z.infer<typeof ScenarioStepSchema>

const TransactionExpectationSchema = z.strictObject({
  transaction: NameSchema,
  status: TransactionStatusSchema.optional(),
  /** The failure's M-Pesa result text, as the transaction's `message`. */
  message: z.string().optional(),
})
const AccountExpectationSchema = z.strictObject({
  account: z.string().regex(/^\d{6,20}$/),
  available: z.number().int().optional(),
  pending: z.number().int().optional(),
  environment: EnvironmentSchema.default('test'),
})
const CustomerExpectationSchema = z.strictObject({
  customer: z.string().min(1),
  balance: z.number().int().optional(),
  status: z.enum(['active', 'blocked', 'unregistered']).optional(),
})
const LedgerExpectationSchema = z.strictObject({
  /** Sum over the organization's accounts of a type (collections or payouts) in the environment. */
  ledger: z.strictObject({
    type: z.enum(['collections', 'payouts']),
    available: z.number().int().optional(),
    pending: z.number().int().optional(),
    environment: EnvironmentSchema.default('test'),
  }),
})
const WebhookExpectationSchema = z.strictObject({
  webhooks: z.strictObject({
    /** Every event of the run was answered 2xx by the receiver (its last attempt). */
    allAnswered2xx: z.boolean().optional(),
    /** These event types arrived in this order (others may come between), optionally for one transaction. */
    inOrder: z.array(z.string().min(1)).min(1).optional(),
    transaction: NameSchema.optional(),
    /** How many HTTP requests the receiver got (attempts; a dropped one sent none, a duplicated one two), optionally of one event type. */
    requests: z.number().int().min(0).optional(),
    /** true: every event (of `type`, of `transaction`) reached the receiver twice or more under its id; false: none did. */
    duplicated: z.boolean().optional(),
    type: z.string().min(1).optional(),
    environment: EnvironmentSchema.default('test'),
  }),
})

export const ScenarioExpectationSchema = z.union([
  TransactionExpectationSchema, AccountExpectationSchema, CustomerExpectationSchema, LedgerExpectationSchema, WebhookExpectationSchema,
])
export type ScenarioExpectation = z.infer<typeof ScenarioExpectationSchema>

export const ScenarioFlowSchema = z.strictObject({
  ...ScenarioStateShape,
  steps: z.array(ScenarioStepSchema).optional(),
  expect: z.array(ScenarioExpectationSchema).optional(),
}).superRefine(checkScenarioState)
export type ScenarioFlow = z.infer<typeof ScenarioFlowSchema>
