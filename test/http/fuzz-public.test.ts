import { describe } from 'vitest'
import { ROUTES, type RouteId } from '../../shared/api/routes'
import { fuzzRoutes } from '../support/fuzz-runner'

/**
 * Property-based fuzzing of every public (/v1) route with the test API key: wrong types, missing and
 * extra fields, 10,000-level nesting, invalid UTF-8, numbers past 2^53, SQL and script fragments,
 * __proto__ keys, odd headers and query strings. Every answer is a catalogued 4xx envelope or the
 * route's valid 2xx, never a 5xx; the server stays healthy and logs no internal error.
 */
const PUBLIC = (Object.keys(ROUTES) as RouteId[]).filter((id) => ROUTES[id].surface === 'public')

describe('fuzzing the public API', () => {
  fuzzRoutes('fuzz-public', PUBLIC, 2_048)
})
