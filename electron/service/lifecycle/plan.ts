import type { ForceStatus } from '../../../shared/schemas/common'
import { SimulatorModeSchema, type SimulatorMode } from '../../../shared/schemas/simulator'
import type { Ids } from '../core/ids'
import type { PlannedOutcome } from '../db/rows'

export type { SimulatorMode } from '../../../shared/schemas/simulator'
export type { PlannedOutcome } from '../db/rows'
export const SIMULATOR_MODES: readonly SimulatorMode[] = SimulatorModeSchema.options

/** M-Pesa result codes and texts (DECISIONS "Sandbox outcomes"). */
export const OUTCOMES: Record<ForceStatus, PlannedOutcome> = {
  success: { result: 'success', resultCode: '0', message: 'The service request is processed successfully.' },
  failed: { result: 'failed', resultCode: '1001', message: 'Unable to lock subscriber, a transaction is already in process for the current subscriber.' },
  cancelled: { result: 'failed', resultCode: '1032', message: 'Request cancelled by user.' },
  timeout: { result: 'failed', resultCode: '1037', message: 'DS timeout user cannot be reached.' },
  insufficient_funds: { result: 'failed', resultCode: '1', message: 'The balance is insufficient for the transaction.' },
  wrong_pin: { result: 'failed', resultCode: '2001', message: 'The initiator information is invalid.' },
  pending: { result: 'never', resultCode: '', message: 'Awaiting the processor.' },
}

/** Magic test numbers (normalised form) and the outcome each forces. */
export const MAGIC_PHONES: Record<string, ForceStatus> = {
  '+254700000001': 'cancelled',
  '+254700000002': 'timeout',
  '+254700000003': 'insufficient_funds',
  '+254700000004': 'wrong_pin',
}

/** The outcome forced by `forceStatus` or a magic phone, or undefined when the simulator decides. */
export function forcedOutcome(phoneNumber: string | null, forceStatus: ForceStatus | undefined): PlannedOutcome | undefined {
  if (forceStatus !== undefined) return OUTCOMES[forceStatus]
  const magic = phoneNumber === null ? undefined : MAGIC_PHONES[phoneNumber]
  return magic === undefined ? undefined : OUTCOMES[magic]
}

export type TimedKind = 'charge' | 'mobilePayout' | 'bank' | 'reversal'

/** How long the processor takes to answer, per mode and kind: [min, max] in ms. */
const DELAYS: Record<'fast' | 'realistic', Record<TimedKind, [number, number]>> = {
  fast: { charge: [1_000, 3_000], mobilePayout: [1_000, 3_000], bank: [1_000, 3_000], reversal: [1_000, 3_000] },
  realistic: { charge: [5_000, 30_000], mobilePayout: [2_000, 10_000], bank: [5_000, 60_000], reversal: [2_000, 10_000] },
}

/** A charge nobody answers times out after this long (1037). */
export const PROMPT_TIMEOUT_MS = 60_000

/**
 * When the simulator should finalize a newly accepted transaction, or null if it never resolves.
 * A prompt (interactive mode) waits up to 60 s for the console's answer; a `timeout` outcome in
 * `realistic` mode also takes the full 60 s, as on the real network. Anything else in interactive mode
 * (payouts, forced outcomes) answers with fast timings.
 */
export function planDueAt(kind: TimedKind, outcome: PlannedOutcome, mode: SimulatorMode, now: number, ids: Ids): number | null {
  if (outcome.result === 'never') return null
  if (outcome.prompt) return now + PROMPT_TIMEOUT_MS
  if (kind === 'charge' && mode === 'realistic' && outcome.resultCode === '1037') return now + PROMPT_TIMEOUT_MS
  const [min, max] = DELAYS[mode === 'interactive' ? 'fast' : mode][kind]
  return now + min + ids.int(max - min + 1)
}

export interface Plan {
  outcome: PlannedOutcome
  dueAt: number | null
}

/**
 * The plan stored with a newly accepted transaction. In interactive mode a charge whose outcome nobody
 * forced becomes a prompt: it waits for the console's answer and, unanswered, times out with 1037.
 * A forced outcome (forceStatus, magic phone) skips the prompt: the caller already said what happens.
 */
export function planTransaction(kind: TimedKind, phoneNumber: string | null, forceStatus: ForceStatus | undefined, mode: SimulatorMode, now: number, ids: Ids): Plan {
  const forced = forcedOutcome(phoneNumber, forceStatus)
  const outcome: PlannedOutcome = forced ?? (kind === 'charge' && mode === 'interactive' ? { ...OUTCOMES.timeout, prompt: true } : OUTCOMES.success)
  return { outcome, dueAt: planDueAt(kind, outcome, mode, now, ids) }
}

/**
 * The stored plan, checked: the column is decoded by the repository, and a value this version cannot
 * act on (hand-edited, or written by a newer release) must stop the step rather than guess an outcome.
 */
export function checkedOutcome(value: PlannedOutcome | null): PlannedOutcome | null {
  if (value === null) return null
  if ((value.result !== 'success' && value.result !== 'failed' && value.result !== 'never') || typeof value.resultCode !== 'string' || typeof value.message !== 'string') {
    throw new Error(`unreadable planned outcome: ${JSON.stringify(value)}`)
  }
  return value
}
