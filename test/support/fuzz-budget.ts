import { mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import fc from 'fast-check'

/**
 * How long and with which seed the fuzz suites run. `npm test` (and CI): a fixed seed and a time budget per
 * route (or property), with a floor of cases every route always gets, so every route is fuzzed on every run
 * and a slow machine sends fewer cases, never none. `npm run fuzz` (FUZZ_LONG=1): a fresh random seed, a
 * long budget and eight times the cases. FUZZ_SEED replays a run (every failure prints its seed),
 * FUZZ_BUDGET_MS sets the budget (0: none, every case up to the ceiling is sent).
 */
export const FUZZ_LONG = process.env['FUZZ_LONG'] === '1'
/** The seed of `npm test`: fixed, so a failure there is the same failure on the next run. */
const CI_SEED = 20_261_128
export const FUZZ_SEED = process.env['FUZZ_SEED'] !== undefined ? Number(process.env['FUZZ_SEED'])
  : FUZZ_LONG ? Math.floor(Math.random() * 0x7fffffff) : CI_SEED
const BUDGET_MS = process.env['FUZZ_BUDGET_MS'] !== undefined ? Number(process.env['FUZZ_BUDGET_MS']) : FUZZ_LONG ? 10_000 : 500

/**
 * The seed of one property, from FUZZ_SEED and its name: properties of one run draw different values (with one
 * seed for all, every route would get the same idempotency keys and ids, and collide with the last route's).
 */
export function seedFor(name: string): number {
  let hash = 0x811c9dc5
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193)
  return (FUZZ_SEED ^ hash) >>> 1
}

export interface FuzzPlan {
  seed: number
  /** Runs always made, whatever the clock says. */
  floorRuns: number
  /** Runs made at most. */
  maxRuns: number
  /** After this many ms (and the floor), no new run starts; 0 = no limit. */
  budgetMs: number
}

/**
 * The plan for the property `name`: `ceilingRuns` at most (times 8 under `npm run fuzz`), `floorRuns` always,
 * and `shares` times the budget of one route.
 */
export function fuzzPlan(name: string, ceilingRuns: number, floorRuns: number, shares = 1): FuzzPlan {
  const maxRuns = FUZZ_LONG ? ceilingRuns * 8 : ceilingRuns
  return { seed: seedFor(name), floorRuns: Math.min(floorRuns, maxRuns), maxRuns, budgetMs: BUDGET_MS * shares }
}

/** Thrown by a run that starts after the budget is spent: ends fc.check early, and is not a failure. */
class BudgetSpent extends Error {}

export interface FuzzOutcome {
  runs: number
  /** What failed (with the seed to replay it), or null. */
  failure: string | null
}

/**
 * fc.check of `predicate` over `arbitrary` within a plan. Each run is whole: the budget is looked at before a
 * run starts, never while one is in flight (fast-check's own time limit abandons the running predicate). No
 * shrinking (endOnFailure): a case is a batch of requests, the failing ones are in the message.
 */
export async function fuzzWithin<T>(plan: FuzzPlan, arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>): Promise<FuzzOutcome> {
  const started = performance.now()
  let runs = 0
  const result = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      if (runs >= plan.floorRuns && plan.budgetMs > 0 && performance.now() - started >= plan.budgetMs) throw new BudgetSpent()
      runs++
      await predicate(value)
    }),
    { numRuns: plan.maxRuns, seed: plan.seed, endOnFailure: true },
  )
  if (!result.failed || result.errorInstance instanceof BudgetSpent) return { runs, failure: null }
  const cause = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)
  return { runs, failure: `(replay with FUZZ_SEED=${FUZZ_SEED} FUZZ_BUDGET_MS=0)\n${cause.slice(0, 4_000)}` }
}

const REPORTS = resolve(__dirname, '../../reports/fuzz')

/**
 * Counts the hostile requests a suite sent; `report` prints the count and leaves it in reports/fuzz/ for the
 * closing lines of `npm test` (scripts/test.mjs adds them up).
 */
export function hostileTally(suite: string) {
  let requests = 0
  let properties = 0
  return {
    add(count: number) {
      requests += count
      properties++
    },
    report() {
      const line = `${suite}: ${requests.toLocaleString('en')} hostile requests over ${properties} ${properties === 1 ? 'property' : 'properties'} (seed ${FUZZ_SEED}${FUZZ_LONG ? ', long run' : ''})`
      console.log(line)
      mkdirSync(REPORTS, { recursive: true })
      writeFileSync(resolve(REPORTS, `${suite}.json`), JSON.stringify({ suite, requests, properties, seed: FUZZ_SEED, long: FUZZ_LONG }))
    },
  }
}
