// The vitest files that run apart from the rest (vitest.config.mts); test/unit/vitest-isolation.test.ts keeps ISOLATED complete.

/**
 * Files that must not share the machine with another test file: they hold a thread busy on purpose or bound
 * a latency under load they make themselves. They run one at a time, after the parallel group has finished
 * (sequence.groupOrder), so a neighbour's load never lands in their measurements.
 */
export const ALONE = ['test/http/abuse-slow-clients.test.ts', 'test/http/abuse-webhooks.test.ts']
/** Files that replace modules (vi.mock), globals, timers or methods of shared objects: each needs its own module cache. */
export const ISOLATED = [
  'test/http/events-sample.test.ts', 'test/http/fuzz-protocol.test.ts', 'test/http/group-commit.test.ts', 'test/http/notifications-team.test.ts',
  'test/http/openapi-property.test.ts', 'test/http/secrets-leaks.test.ts', 'test/http/secrets-team.test.ts', 'test/http/team-sign-in-guard.test.ts',
  'test/service/notifications.test.ts', 'test/service/webhooks-dispatcher.test.ts', 'test/unit/auth-security.test.ts',
  'test/unit/invalidation-batcher.test.ts', 'test/unit/ticker.test.ts',
]
