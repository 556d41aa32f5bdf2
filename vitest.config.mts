import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'
import { ALONE, ISOLATED } from './test/support/test-groups'

const ALL = ['test/unit/**/*.test.ts', 'test/service/**/*.test.ts', 'test/http/**/*.test.ts']

/**
 * The longest files start first, so two workers end together instead of one finishing a 2-minute file alone
 * at the end. Vitest orders by the durations it remembers, and a fresh clone (CI) remembers none: there it
 * would start the largest files, and the slowest ones are small. `npm test` prints the slowest ten at its end.
 */
const SLOW_FIRST = [
  'test/http/packed-install.test.ts', 'test/http/fuzz-console.test.ts', 'test/http/cli-sandbox.test.ts',
  'test/http/scenario-run.test.ts', 'test/http/fuzz-public.test.ts', 'test/http/payout-batches-crash.test.ts',
  'test/unit/openapi-lint.test.ts', 'test/http/cli-serve.test.ts', 'test/http/crash-under-load.test.ts',
]

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOW_FIRST.findIndex((slow) => file.moduleId.endsWith(`/${slow}`))
      return at < 0 ? SLOW_FIRST.length : at
    }
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Many tests start real CLI processes: on a machine busy with other work each takes seconds to start.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Both cores (vitest leaves one idle by default): most files wait on sockets, child processes and disks.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirst },
    setupFiles: ['test/support/fuzz-seed-setup.ts'],
    projects: [
      // Files share their worker's module cache (each file used to import the whole engine anew: ~45 % of the
      // suite's time). Files that mock modules or globals, or spy on shared objects, keep a fresh one each.
      { extends: true, test: { name: 'parallel', include: ALL, exclude: [...ALONE, ...ISOLATED], isolate: false, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'alone', include: ALONE, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
})
