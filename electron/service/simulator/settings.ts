import type { SimulatorMode, SimulatorState } from '../../../shared/schemas/simulator'
import type { Store } from '../db/store'
import type { Engine } from '../engine'
import { SETTINGS } from '../db/settings-registry'

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

export function settlementDelayMs(engine: Engine): number {
  return engine.store.settings.get(SETTINGS.settlementDelayMs) ?? DEFAULT_SETTLEMENT_DELAY_MS[engine.simulatorMode()]
}

export function simulatorState(engine: Engine): SimulatorState {
  return {
    mode: engine.simulatorMode(),
    paused: isPaused(engine.store),
    now: engine.now(),
    clockOffsetMs: engine.clock.offsetMs(),
    settlementDelayMs: settlementDelayMs(engine),
  }
}

export interface SimulatorUpdate {
  mode?: SimulatorMode
  paused?: boolean
  /** null: back to the mode's default. */
  settlementDelayMs?: number | null
}

/** Persists the console's changes; they apply to work planned or completed afterwards. */
export function updateSimulator(store: Store, update: SimulatorUpdate): void {
  if (update.mode !== undefined) store.settings.set(SETTINGS.simulatorMode, update.mode)
  if (update.paused !== undefined) store.settings.set(SETTINGS.simulatorPaused, update.paused)
  // A stored null means "no override": the mode's default applies.
  if (update.settlementDelayMs !== undefined) store.settings.set(SETTINGS.settlementDelayMs, update.settlementDelayMs)
}
