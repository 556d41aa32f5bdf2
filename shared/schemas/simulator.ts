import { z } from 'zod'
import { AMOUNT_BOUNDS } from '../money'
import { AccountSchema } from './account'
import { EnvironmentSchema, amountSchema } from './common'

const DAY_MS = 24 * 60 * 60 * 1000
/** The longest single clock jump or settlement delay the console accepts. */
export const MAX_SIMULATOR_SPAN_MS = 30 * DAY_MS

/** How the simulated processor answers (docs/simulator.md). */
export const SimulatorModeSchema = z.enum(['fast', 'realistic', 'interactive'])
export type SimulatorMode = z.infer<typeof SimulatorModeSchema>

/** GET/PUT /console/simulator and POST /console/simulator/advance answer this. */
export const SimulatorStateSchema = z.object({
  mode: SimulatorModeSchema,
  /** While paused, ticks finalize and settle nothing; console actions (answer, settle now) still work. */
  paused: z.boolean(),
  /** Simulated now, ms since the epoch. */
  now: z.number().int(),
  /** How far the simulated clock runs ahead of the real one (in a seeded run: how far it moved since `--clock`). */
  clockOffsetMs: z.number().int(),
  /** Delay between a charge completing and its funds settling (the override, or the mode's default). */
  settlementDelayMs: z.number().int(),
})
export type SimulatorState = z.infer<typeof SimulatorStateSchema>

export const SimulatorUpdateRequestSchema = z.strictObject({
  mode: SimulatorModeSchema.optional(),
  paused: z.boolean().optional(),
  /** `null` goes back to the mode's default delay. */
  settlementDelayMs: z.number().int().min(0).max(MAX_SIMULATOR_SPAN_MS).nullable().optional(),
})

export const ClockAdvanceRequestSchema = z.strictObject({
  ms: z.number().int().min(1, 'must be at least 1 ms').max(MAX_SIMULATOR_SPAN_MS, 'must be at most 30 days'),
})

export const SettleRequestSchema = z.strictObject({
  /** One completed charge; without it every completed charge of the environment settles. */
  transactionId: z.string().min(1).max(64).optional(),
})
export const SettleResultSchema = z.object({ settled: z.array(z.string()) })

export const SandboxResetResultSchema = z.object({
  environment: EnvironmentSchema,
  /** Transactions removed (the opening floats stay). */
  removedTransactions: z.number().int(),
  accounts: z.array(AccountSchema),
})

/** A push prompt waiting on the customer's phone, answered from the console in interactive mode. */
export const PromptSchema = z.object({
  transactionId: z.string(),
  phoneNumber: z.string(),
  amount: z.number().int(),
  merchantTransactionId: z.string().nullable(),
  narration: z.string().nullable(),
  createdAt: z.number().int(),
  /** When an unanswered prompt times out (result code 1037). */
  expiresAt: z.number().int(),
})
export type Prompt = z.infer<typeof PromptSchema>
export const PromptListSchema = z.object({ items: z.array(PromptSchema) })

export const PromptAnswerSchema = z.enum(['approve', 'wrong_pin', 'cancel'])
export type PromptAnswer = z.infer<typeof PromptAnswerSchema>
export const PromptAnswerRequestSchema = z.strictObject({ answer: PromptAnswerSchema })
export const PromptPathSchema = z.object({ transactionId: z.string().min(1).max(64) })

export const TopUpRequestSchema = z.strictObject({
  accountNo: z.string().min(1).max(34),
  amount: amountSchema(AMOUNT_BOUNDS.topUp),
})

export const SweepRequestSchema = z.strictObject({
  amount: amountSchema(AMOUNT_BOUNDS.topUp),
  /** Collections account to take from; default: the organization's default collections account. */
  fromAccountNo: z.string().min(1).max(34).optional(),
  /** Payouts account to fund; default: the organization's default payouts account. */
  toAccountNo: z.string().min(1).max(34).optional(),
})
