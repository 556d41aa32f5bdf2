import fc from 'fast-check'
import { afterAll, beforeAll, expect, it, vi, type MockInstance } from 'vitest'
import { ROUTES, type RouteId } from '../../shared/api/routes'
import type { WebhookTransport } from '../../electron/service'
import { matchRoute } from '../../electron/http/router'
import { CONSOLE_TOKEN, TEST_KEY, startTestServer, type TestServer } from './harness'
import { checkAnswer } from './fuzz-answer'
import { fuzzPlan, fuzzWithin, hostileTally } from './fuzz-budget'
import { buildRequest, fuzzCase, type FuzzCase } from './fuzz-cases'
import { createFixtures, seeds, snapshotFixture, teamFixtures, type FuzzFixtures } from './fuzz-seeds'

/** Requests sent at once per batch; a health check follows every batch. */
const BATCH = 16
/** Cases every route gets, however busy the machine: the time budget only decides how many more. */
const FLOOR_CASES = 64

/** Webhooks go nowhere: the fuzzer never ticks, and must not reach anything but the server under test. */
const silentTransport: WebhookTransport = async () => ({ status: 200, bodyPrefix: '' })

/** Routes whose seed cannot succeed on a fresh fixture, and what it answers instead (still a real code path). */
const SEED_ANSWERS: Partial<Record<RouteId, number>> = {
  // Needs a charge awaiting its push prompt (interactive mode); the fixture charge is already final.
  'console.prompts.answer': 400,
  // A fresh fixture has no simulated customers to remove.
  'console.customers.delete': 404,
  // The fuzzer calls with the console token, which holds no sign-in session to end.
  'console.sessions.end': 400,
  // The fixture batch is a draft: it has no failed rows to retry.
  'console.payoutBatches.retryFailed': 409,
  // The fuzzed server mirrors no provider account (test/http/upstream-*.test.ts connect one): 409 upstream_mode.
  'console.upstream.sync': 409,
  'console.upstream.syncJob': 409,
  'console.upstream.diff': 409,
  'console.upstream.operate': 409,
  // No provider is connected in the fixture, so it has no outbox row to read, look up or close.
  'console.upstream.outbox.get': 404,
  'console.upstream.outbox.resolve': 404,
  'console.upstream.outbox.close': 404,
}

/**
 * Routes whose valid answer reads or rewrites the whole database: by the time the fuzzer reaches them, earlier routes
 * have filled it with thousands of organizations and transactions, so each accepted request costs a few
 * hundred ms. Fewer cases keep the run within its time limit; test/http/snapshots.test.ts covers restores.
 */
const CASES_CAP: Partial<Record<RouteId, number>> = { 'console.snapshots.restore': 128, 'console.snapshots.save': 512 }

/**
 * Registers one test per route: up to `casesPerRoute` hostile requests (FUZZ_CASES_PER_ROUTE overrides it for
 * a longer hunt), at least FLOOR_CASES, within the time budget of fuzz-budget.ts, in concurrent batches over
 * keep-alive HTTP, every answer checked by checkAnswer, a health request after each batch, and no internal
 * error logged (console.error) during the run. Each route gets fresh fixtures (a console reset fuzzed earlier
 * may have erased the previous ones) and first proves its seed is valid, so the mutations really are one step
 * away from a request the operation accepts. `suite` names the count of requests printed at the end.
 */
export function fuzzRoutes(suite: string, routeIds: readonly RouteId[], casesPerRoute: number): void {
  const cases = Number(process.env['FUZZ_CASES_PER_ROUTE'] ?? casesPerRoute)
  const tally = hostileTally(suite)
  let server: TestServer
  let errors: MockInstance<typeof console.error>
  beforeAll(async () => {
    server = await startTestServer({ webhookTransport: silentTransport })
    errors = vi.spyOn(console, 'error')
  })
  afterAll(async () => {
    tally.report()
    errors.mockRestore()
    await server.close()
  })

  /** The route a request reaches, if any (matchRoute throws on malformed percent-encoding: then none). */
  function targetRoute(method: string, path: string): RouteId | undefined {
    try {
      const match = matchRoute(method, new URL(server.url + path).pathname)
      return match.kind === 'route' ? match.routeId : undefined
    } catch {
      return undefined
    }
  }

  /** Sends one case; returns its status, and a description of what is wrong with the answer (or null). */
  async function send(routeId: RouteId, fixtures: FuzzFixtures, c: FuzzCase): Promise<{ status: number; problem: string | null }> {
    const request = buildRequest(routeId, seeds(fixtures)[routeId](), c)
    const shown = `${request.method} ${request.path.slice(0, 300)}${request.body === undefined ? '' : ` body ${String(request.body).slice(0, 300)}`} headers ${JSON.stringify(request.headers).slice(0, 300)}`
    let response: Response
    try {
      response = await fetch(server.url + request.path, { method: request.method, headers: request.headers, body: request.body })
    } catch (error) {
      return { status: 0, problem: `${shown} -> no answer (${error instanceof Error ? `${error.message} ${String(error.cause)}` : error})` }
    }
    // A mutated method may land on a sibling route of the same path (GET /console/keys): check against that one.
    const problem = checkAnswer(targetRoute(request.method, request.path) ?? routeId, response.status, response.headers, await response.text())
    return { status: response.status, problem: problem === null ? null : `${shown} -> ${problem}` }
  }

  async function healthy(): Promise<void> {
    for (const [path, token] of [['/console/info', CONSOLE_TOKEN], ['/v1/accounts', TEST_KEY]] as const) {
      const started = Date.now()
      let answer: Response
      try {
        answer = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
      } catch (error) {
        // fetch says only "fetch failed"; the cause (a reset, a timeout) is what tells a diagnosis.
        const cause = error instanceof Error ? String(error.cause ?? '') : ''
        throw new Error(`health check GET ${path} got no answer after ${Date.now() - started} ms: ${String(error)} ${cause}`)
      }
      expect(answer.status).toBe(200)
      await answer.arrayBuffer()
    }
  }

  it.each(routeIds)('%s: hostile input gets a well-formed 4xx (or a valid 2xx), never a 5xx; the server keeps serving', { timeout: 180_000 }, async (routeId) => {
    const routeCases = Math.min(cases, CASES_CAP[routeId] ?? cases)
    const fixtures = { ...(await createFixtures(server)), ...(await teamFixtures(server, routeId)), ...(await snapshotFixture(server, routeId)) }
    const unmutated: FuzzCase = { focus: 'none', method: 'GET', body: { kind: 'seed' }, query: { kind: 'seed' }, params: { kind: 'seed' }, headers: { authorization: 0, contentType: 0, idempotencyKey: 0, environment: 0, organization: null, extra: null } }
    const seeded = await send(routeId, fixtures, unmutated)
    expect(seeded.problem).toBeNull()
    expect(seeded.status, 'the seed request itself').toBe(SEED_ANSWERS[routeId] ?? ROUTES[routeId].successStatus)

    const statuses = new Map<number, number>()
    // A counterexample holds 16 requests with bodies of up to 900 KB, far too much to print: the failing
    // requests themselves are in the error message, plus the seed to replay.
    const plan = fuzzPlan(routeId, Math.ceil(routeCases / BATCH), Math.ceil(Math.min(FLOOR_CASES, routeCases) / BATCH))
    const outcome = await fuzzWithin(plan, fc.array(fuzzCase, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      const answers = await Promise.all(batch.map((c) => send(routeId, fixtures, c)))
      for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1)
      const problems = answers.flatMap(({ problem }) => (problem === null ? [] : [problem]))
      if (problems.length > 0) throw new Error(problems.join('\n'))
      await healthy()
      const logged = errors.mock.calls.map((call) => call.map(String).join(' '))
      if (logged.length > 0) throw new Error(`internal errors were logged:\n${logged.join('\n').slice(0, 2_000)}`)
    })
    tally.add(outcome.runs * BATCH)
    if (outcome.failure !== null) throw new Error(`fuzzing ${routeId} failed ${outcome.failure}`)
    // The run reached past authentication: most answers are not 401/403 (a fuzzer stuck at the door proves nothing).
    const total = [...statuses.values()].reduce((sum, n) => sum + n, 0)
    const refusedAtTheDoor = (statuses.get(401) ?? 0) + (statuses.get(403) ?? 0)
    expect(refusedAtTheDoor / total).toBeLessThan(0.25)
    expect(total).toBeGreaterThanOrEqual(Math.min(FLOOR_CASES, routeCases))
  })
}
