import { describe } from 'vitest'
import { ROUTES, type RouteId } from '../../shared/api/routes'
import { fuzzRoutes } from '../support/fuzz-runner'

/** The same fuzzing as fuzz-public.test.ts for every console route, sent with the console token. */
const CONSOLE = (Object.keys(ROUTES) as RouteId[]).filter((id) => ROUTES[id].surface === 'console')

describe('fuzzing the console API', () => {
  fuzzRoutes(CONSOLE, 2_048)
})
