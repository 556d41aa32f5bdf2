import type { ForceStatus } from '../../../shared/schemas/common'
import type { Ids } from '../ids'

export type SimulatorMode = 'fast' | 'realistic' | 'interactive'
export const SIMULATOR_MODES: readonly SimulatorMode[] = ['fast', 'realistic', 'interactive']

/** What the simulated processor will answer, decided when the transaction is accepted and stored with it. */
export interface PlannedOutcome {
  result: 'success' | 'failed' | 'never'
  resultCode: string
  message: string
}

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

export function planOutcome(phoneNumber: string | null, forceStatus: ForceStatus | undefined): PlannedOutcome {
  if (forceStatus !== undefined) return OUTCOMES[forceStatus]
  const magic = phoneNumber === null ? undefined : MAGIC_PHONES[phoneNumber]
  return OUTCOMES[magic ?? 'success']
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
 * In `interactive` mode a charge waits for the console's answer and times out after 60 s; a `timeout`
 * outcome in `realistic` mode also takes the full 60 s, as on the real network.
 */
export function planDueAt(kind: TimedKind, outcome: PlannedOutcome, mode: SimulatorMode, now: number, ids: Ids): number | null {
  if (outcome.result === 'never') return null
  if (kind === 'charge' && (mode === 'interactive' || (mode === 'realistic' && outcome.resultCode === '1037'))) return now + PROMPT_TIMEOUT_MS
  const [min, max] = DELAYS[mode === 'interactive' ? 'fast' : mode][kind]
  return now + min + ids.int(max - min + 1)
}
