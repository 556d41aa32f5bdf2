import { describe, expect, it } from 'vitest'
import { ApiError, ERROR_CATALOGUE } from '../../shared/errors'

/** DECISIONS "HTTP conventions", error mapping (type / code / status), plus the adapter's own 405, 408, 413 and 431. */
const DECIDED: [type: string, code: string, status: number][] = [
  ['invalid_request_error', 'missing_parameter', 400],
  ['invalid_request_error', 'invalid_parameter', 400],
  ['invalid_request_error', 'validation_error', 400],
  ['invalid_request_error', 'missing_header', 400],
  ['invalid_request_error', 'invalid_parameter', 405],
  ['invalid_request_error', 'invalid_parameter', 413],
  ['invalid_request_error', 'invalid_parameter', 408],
  ['invalid_request_error', 'invalid_parameter', 431],
  ['authentication_error', 'unauthorized', 401],
  ['authentication_error', 'forbidden', 403],
  ['not_found_error', 'resource_not_found', 404],
  ['conflict_error', 'duplicate', 409],
  ['idempotency_error', 'duplicate', 409],
  ['rate_limit_error', 'too_many_requests', 429],
  ['api_error', 'internal_error', 500],
  // The fault lab's 503 (errorRate, outage): docs/simulator.md "Provider faults".
  ['api_error', 'internal_error', 503],
  // The fault lab's 502 (commitThenError): the request ran, the answer was lost in front of it.
  ['api_error', 'internal_error', 502],
  // DECISIONS "Upstream mode": an environment that mirrors a provider account refuses money and sandbox controls.
  ['conflict_error', 'upstream_mode', 409],
]

describe('the error catalogue', () => {
  it('maps every kind to the type, code and status DECISIONS fixes, and nothing else', () => {
    const actual = Object.values(ERROR_CATALOGUE).map((entry) => [entry.type, entry.code, entry.status])
    expect(actual.map((e) => e.join(' ')).sort()).toEqual(DECIDED.map((e) => e.join(' ')).sort())
  })

  it('uses only the error types and codes of spec section 7', () => {
    const types = ['invalid_request_error', 'authentication_error', 'rate_limit_error', 'api_error', 'idempotency_error', 'not_found_error', 'conflict_error']
    const codes = ['missing_parameter', 'invalid_parameter', 'unauthorized', 'forbidden', 'too_many_requests', 'internal_error', 'duplicate', 'resource_not_found', 'missing_header', 'validation_error']
    // Paydesk's own, never the provider's: only a Paydesk connected to a provider account answers it (DECISIONS "Upstream mode").
    codes.push('upstream_mode')
    for (const entry of Object.values(ERROR_CATALOGUE)) {
      expect(types).toContain(entry.type)
      expect(codes).toContain(entry.code)
    }
  })

  it('gives an ApiError the status of its kind and keeps param and headers', () => {
    const error = new ApiError('rate_limited', 'slow down', null, { 'Retry-After': '20' })
    expect(error.status).toBe(429)
    expect(error.headers).toEqual({ 'Retry-After': '20' })
    expect(new ApiError('missing_parameter', 'x', 'accountNo').param).toBe('accountNo')
  })
})
