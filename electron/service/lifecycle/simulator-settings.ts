import type { SimulatorMode, SimulatorState } from '../../../shared/schemas/simulator'
import type { Store } from '../db/store'
import { SETTINGS } from '../db/settings-registry'
import type { Unit } from '../core/unit'

const SECOND_MS = 1_000
const DAY_MS = 24 * 60 * 60 * SECOND_MS

/**
 * How long a completed charge's net stays in collections `pending` before it settles to `available`,
 * unless the console sets another delay. Fast modes settle within seconds so QA sees the whole life of
 * a charge; realistic mode settles the next day, like the provider's daily settlement.
 */
export const DEFAULT_SETTLEMENT_DELAY_MS: Record<SimulatorMode, number> = {
  fast: 10 * SECOND_MS,
  interactive: 10 * SECOND_MS,
  realistic: DAY_MS,
}

/** Paused: ticks finalize and settle nothing (simulated time still runs; due work waits for resume). */
export function isPaused(store: Store): boolean {
  return store.settings.get(SETTINGS.simulatorPaused)
}

/** The mode the simulator plans new work in (fast, interactive, realistic). */
export function simulatorModeOf(store: Store): SimulatorMode {
  return store.settings.get(SETTINGS.simulatorMode)
}

export function settlementDelayMs(store: Store): number {
  return store.settings.get(SETTINGS.settlementDelayMs) ?? DEFAULT_SETTLEMENT_DELAY_MS[simulatorModeOf(store)]
}

export function simulatorState(store: Store, now: number, clockOffsetMs: number): SimulatorState {
  return { mode: simulatorModeOf(store), paused: isPaused(store), now, clockOffsetMs, settlementDelayMs: settlementDelayMs(store) }
}

export interface SimulatorUpdate {
  mode?: SimulatorMode
  paused?: boolean
  /** null: back to the mode's default. */
  settlementDelayMs?: number | null
}

/** Persists the console's changes; they apply to work planned or completed afterwards. */
export function updateSimulator(unit: Unit, update: SimulatorUpdate): void {
  const { settings } = unit.store
  if (update.mode !== undefined) settings.set(SETTINGS.simulatorMode, update.mode)
  if (update.paused !== undefined) settings.set(SETTINGS.simulatorPaused, update.paused)
  // A stored null means "no override": the mode's default applies.
  if (update.settlementDelayMs !== undefined) settings.set(SETTINGS.settlementDelayMs, update.settlementDelayMs)
}
