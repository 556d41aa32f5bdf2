import { z } from 'zod'
import { EnvironmentSchema, ForceStatusSchema, MerchantTransactionIdSchema, NarrationSchema, PhoneNumberSchema, WebhookUrlSchema } from './common'
import { CUSTOMER_DEFAULTS, CustomerStatusSchema } from './customers'
import { FaultConfigSchema } from './faults'
import { MAX_SIMULATOR_SPAN_MS, SimulatorModeSchema } from './simulator'

/**
 * A scenario file (docs/scenarios.md): the state a sandbox starts from, in the team's repository.
 * The field names are a contract (QA scripts depend on them): add fields, never rename them. Objects are
 * strict so a misspelt field is an error that names it, not a silently ignored line.
 * `scenario-flow.ts` adds the timed steps and expectations of `paydesk scenario run`.
 */

/** Minor units; 0 allowed for opening balances. */
const BalanceSchema = z.number().int('must be a whole number of minor units (cents)').min(0).max(1_000_000_000_000)
const AmountSchema = z.number().int('must be a whole number of minor units (cents)').min(1).max(10_000_000_000)
const ShortcodeSchema = z.string().regex(/^\d{5,7}$/, 'must be 5-7 digits')

export const ScenarioApiKeysSchema = z.strictObject({
  test: z.string().regex(/^sk_test_[A-Za-z0-9]{8,128}$/, 'must look like sk_test_ followed by 8-128 letters or digits').optional(),
  live: z.string().regex(/^sk_live_[A-Za-z0-9]{8,128}$/, 'must look like sk_live_ followed by 8-128 letters or digits').optional(),
})

const WebhookSecretSchema = z.string().regex(/^whsec_[A-Za-z0-9+/]{16,}={0,2}$/, 'must look like whsec_ followed by base64')
export const ScenarioWebhooksSchema = z.strictObject({
  /** The default endpoint of the test environment: it receives every event. */
  url: WebhookUrlSchema.optional(),
  secret: WebhookSecretSchema.optional(),
  live: z.strictObject({ url: WebhookUrlSchema.optional(), secret: WebhookSecretSchema.optional() }).optional(),
})

export const ScenarioSimulatorSchema = z.strictObject({
  mode: SimulatorModeSchema.optional(),
  paused: z.boolean().optional(),
  settlementDelayMs: z.number().int().min(0).max(MAX_SIMULATOR_SPAN_MS).optional(),
})

/** A URL or scope listed twice in one environment's faults: the second would silently replace the first. */
function checkFaultTargets(value: Partial<Record<'test' | 'live', { webhooks: { url: string }[]; api: { scope: string }[] }>>, ctx: z.RefinementCtx): void {
  for (const environment of ['test', 'live'] as const) {
    const config = value[environment]
    if (!config) continue
    const lists = [['webhooks', 'url', config.webhooks.map((rule) => rule.url)], ['api', 'scope', config.api.map((rule) => rule.scope)]] as const
    for (const [list, field, targets] of lists) {
      targets.forEach((target, i) => {
        if (targets.indexOf(target) < i) ctx.addIssue({ code: 'custom', path: [environment, list, i, field], message: `${target} has faults listed twice; give one rule per ${field}` })
      })
    }
  }
}

/**
 * `faults:` the fault lab (docs/simulator.md "Provider faults") per environment, each exactly as the console
 * stores it (FaultConfigSchema). Applying the scenario switches on these faults and only these.
 */
export const ScenarioFaultsSchema = z.strictObject({
  test: FaultConfigSchema.optional(),
  live: FaultConfigSchema.optional(),
}, {
  // `faults: { webhooks: [...] }` is the likely slip: say where the environment goes.
  error: (issue) => issue.code === 'unrecognized_keys'
    ? `Unrecognized key: ${issue.keys.map((key) => `"${key}"`).join(', ')} (faults are per environment: { test: { webhooks, api }, live: { webhooks, api } })`
    : undefined,
}).superRefine(checkFaultTargets)
export type ScenarioFaults = z.infer<typeof ScenarioFaultsSchema>

export const ScenarioAccountSchema = z.strictObject({
  type: z.enum(['collections', 'payouts']),
  accountNo: z.string().regex(/^\d{6,20}$/, 'must be 6-20 digits'),
  /** Opening balance, booked as an opening float (a reset of the sandbox keeps it). */
  available: BalanceSchema.default(0),
  shortcode: ShortcodeSchema.optional(),
  name: z.string().min(1).max(200).optional(),
  environment: EnvironmentSchema.default('test'),
})
export type ScenarioAccount = z.infer<typeof ScenarioAccountSchema>

export const ScenarioOrganizationSchema = z.strictObject({
  name: z.string().min(1).max(200),
  enterprise: z.boolean().default(false),
  apiKeys: ScenarioApiKeysSchema.optional(),
  webhooks: ScenarioWebhooksSchema.optional(),
  accounts: z.array(ScenarioAccountSchema).optional(),
  faults: ScenarioFaultsSchema.optional(),
})
export type ScenarioOrganization = z.infer<typeof ScenarioOrganizationSchema>

export const ScenarioCustomerSchema = z.strictObject({
  phoneNumber: PhoneNumberSchema,
  name: z.string().min(1).max(100).optional(),
  balance: BalanceSchema.default(CUSTOMER_DEFAULTS.balance),
  dailyLimit: BalanceSchema.default(CUSTOMER_DEFAULTS.dailyLimit),
  status: CustomerStatusSchema.default('active'),
})

export const OutcomeOperationSchema = z.enum(['charge', 'b2c', 'b2b', 'bank_transfer', 'reversal'])
export type OutcomeOperation = z.infer<typeof OutcomeOperationSchema>

const RegexSchema = z.string().min(1).max(500).refine((pattern) => {
  try {
    new RegExp(pattern)
    return true
  } catch {
    return false
  }
}, 'must be a valid regular expression')

export const OutcomeMatchSchema = z.strictObject({
  phoneNumber: PhoneNumberSchema.optional(),
  operation: OutcomeOperationSchema.optional(),
  /** Matches amounts strictly above this (minor units). */
  amountOver: BalanceSchema.optional(),
  /** Matches amounts strictly below this (minor units). */
  amountUnder: BalanceSchema.optional(),
  /** A regular expression the merchant reference must match (a transaction without one never matches). */
  merchantTransactionId: RegexSchema.optional(),
})
export const OutcomeRuleSchema = z.strictObject({
  match: OutcomeMatchSchema,
  result: ForceStatusSchema,
  /** When the answer comes, from acceptance; default: the mode's timing. */
  delayMs: z.number().int().min(0).max(MAX_SIMULATOR_SPAN_MS).optional(),
})
export type OutcomeRule = z.infer<typeof OutcomeRuleSchema>

export const ScenarioHistoryTransactionSchema = z.strictObject({
  type: z.enum(['charge', 'b2c']),
  phoneNumber: PhoneNumberSchema,
  amount: AmountSchema,
  /** charge: completed | settled | failed; b2c: completed | failed. */
  status: z.enum(['completed', 'settled', 'failed']),
  daysAgo: z.number().min(0).max(365).default(0),
  merchantTransactionId: MerchantTransactionIdSchema.optional(),
  narration: NarrationSchema.optional(),
  /** Which account (default: the environment's default account of the type's kind). */
  accountNo: z.string().regex(/^\d{6,20}$/).optional(),
  /** Which organization by name (default: the first). */
  organization: z.string().min(1).optional(),
  environment: EnvironmentSchema.default('test'),
})
export type ScenarioHistoryTransaction = z.infer<typeof ScenarioHistoryTransactionSchema>

export const ScenarioStateShape = {
  /** The JSON Schema's address, for editors; ignored. */
  $schema: z.string().optional(),
  name: z.string().max(200).optional(),
  description: z.string().max(5_000).optional(),
  organization: ScenarioOrganizationSchema.optional(),
  organizations: z.array(ScenarioOrganizationSchema).min(1).optional(),
  apiKeys: ScenarioApiKeysSchema.optional(),
  webhooks: ScenarioWebhooksSchema.optional(),
  simulator: ScenarioSimulatorSchema.optional(),
  accounts: z.array(ScenarioAccountSchema).optional(),
  customers: z.array(ScenarioCustomerSchema).optional(),
  outcomes: z.array(OutcomeRuleSchema).optional(),
  transactions: z.array(ScenarioHistoryTransactionSchema).optional(),
  faults: ScenarioFaultsSchema.optional(),
}

/** Cross-field rules shared by the state and flow schemas. */
export function checkScenarioState(value: { organization?: unknown; organizations?: unknown[] }, ctx: z.RefinementCtx): void {
  if (value.organization !== undefined && value.organizations !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['organizations'], message: 'give either organization or organizations, not both' })
  }
}

export const ScenarioSchema = z.strictObject(ScenarioStateShape).superRefine(checkScenarioState)
export type Scenario = z.infer<typeof ScenarioSchema>
