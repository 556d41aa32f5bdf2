import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { chargeBody, consoleAuth } from './helpers'

/**
 * The engine remembers whether any fault rule exists (every public request and webhook attempt asks;
 * db/faults-repo.ts). Whatever changes the rules must be seen at once by the next request: here a snapshot
 * restore, which writes the table row by row rather than through the fault lab's own operations.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})

const charge = async () => (await server.request('POST', '/v1/mobile/charge', { body: chargeBody() })).status

describe('fault rules, remembered between requests', () => {
  it('a rule brought back by a snapshot restore applies to the very next request, and its removal too', async () => {
    const now = server.clock.now()
    const outage = { outage: { from: now, until: now + 3_600_000 } }
    // No rule yet: "none" is remembered by these requests, and must be forgotten by the rule saved next.
    expect(await charge()).toBe(202)
    expect(await charge()).toBe(202)
    expect((await server.request('PUT', '/console/faults/api', { headers: consoleAuth(), body: { scope: 'money', faults: outage } })).status).toBe(200)
    expect(await charge()).toBe(503)
    expect((await server.request('POST', '/console/snapshots', { headers: consoleAuth(), body: { name: 'with-outage' } })).status).toBe(201)
    expect((await server.request('POST', '/console/faults/clear', { headers: consoleAuth() })).status).toBe(200)
    // No rule now: remembered by these requests.
    expect(await charge()).toBe(202)
    expect(await charge()).toBe(202)
    expect((await server.request('POST', '/console/snapshots/with-outage/restore', { headers: consoleAuth() })).status).toBe(200)
    expect(await charge()).toBe(503)
    expect((await server.request('POST', '/console/faults/clear', { headers: consoleAuth() })).status).toBe(200)
    expect(await charge()).toBe(202)
  })
})
