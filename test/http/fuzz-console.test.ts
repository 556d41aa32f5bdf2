import { describe } from 'vitest'
import { ROUTES, type RouteId } from '../../shared/api/routes'
import { fuzzRoutes } from '../support/fuzz-runner'

/**
 * The same fuzzing as fuzz-public.test.ts for every console route, sent with the console token. Stream
 * routes (an accepted call never ends) are left to test/http/event-stream.test.ts.
 */
const CONSOLE = (Object.keys(ROUTES) as RouteId[]).filter((id) => ROUTES[id].surface === 'console' && !('stream' in ROUTES[id]))

describe('fuzzing the console API', () => {
  fuzzRoutes('fuzz-console', CONSOLE, 2_048)
})
