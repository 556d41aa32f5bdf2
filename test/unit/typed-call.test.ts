import { describe, expect, expectTypeOf, it } from 'vitest'
import type { RouteData } from '../../shared/api/routes'
import type { SuccessEnvelope } from '../../shared/api/envelope'
import { testService, TEST_KEY } from '../support/harness'

describe('service.call is typed by the route table', () => {
  it('a known route id types the success data as the route response; the value matches at run time', () => {
    const { service } = testService()
    const response = service.call('accounts.list', {}, { bearer: TEST_KEY })
    expectTypeOf(response.body).toEqualTypeOf<SuccessEnvelope<RouteData<'accounts.list'>> | import('../../shared/api/envelope').ErrorEnvelope>()
    expect(response.status).toBe(200)
    if (!('data' in response.body)) throw new Error('expected a success')
    // Compiles only because `data` is typed (it was `unknown`): the route's response type reaches the caller.
    expect(response.body.data.items.length).toBeGreaterThan(0)
    expect(typeof response.body.data.items[0]!.accountNo).toBe('string')
    service.close()
  })
})
