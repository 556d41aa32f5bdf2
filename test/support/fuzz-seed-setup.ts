import fc from 'fast-check'
import { FUZZ_SEED } from './fuzz-budget'

// A vitest setup file: every property test draws from one seed, fixed under `npm test` (a failure there is the
// same failure on the next run, and on CI) and fresh under `npm run fuzz`. FUZZ_SEED replays a run.
fc.configureGlobal({ seed: FUZZ_SEED })
