import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseLoggedBody } from '../../shared/logged-body'
import { LIVE_KEY, TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { chargeBody, consoleAuth } from './helpers'

/**
 * What the request log keeps of bodies (docs/console.md "Requests"): request bodies up to 64 KiB,
 * response bodies up to 8 KiB; a longer one is kept cut on a character boundary, with its whole size.
 * A list page (~600 bytes a row) is cut; a charge's answer (~1 KB) is kept whole.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function logged(requestId: string): Promise<{ requestBody: string | null; responseBody: string | null }> {
  const response = await server.request('GET', `/console/requests/${requestId}`, { headers: consoleAuth('test') })
  expect(response.status).toBe(200)
  return response.body.data
}

/** The answer as bytes on the wire (server.request parses it). */
async function rawGet(path: string): Promise<{ text: string; requestId: string }> {
  const response = await fetch(server.url + path, { headers: { authorization: `Bearer ${TEST_KEY}` } })
  expect(response.status).toBe(200)
  return { text: await response.text(), requestId: response.headers.get('x-request-id')! }
}

describe('bodies in the request log', () => {
  it('keeps the first 8 KiB of a list page with its size, and a charge answer whole', async () => {
    // Multi-byte narrations so the 8 KiB limit falls inside characters of more than one byte.
    const charges = []
    for (let i = 0; i < 30; i++) {
      const narration = i === 29 ? `key ${LIVE_KEY}` : `Malipo ya maji ${'é€😀'.repeat(i % 7)} ${i}`
      charges.push(await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ narration }) }))
    }
    expect(charges.map((c) => c.status)).toEqual(charges.map(() => 202))

    const chargeLog = await logged(charges[0]!.headers.get('x-request-id')!)
    expect(JSON.parse(chargeLog.responseBody!)).toEqual(charges[0]!.body)
    expect(parseLoggedBody(chargeLog.responseBody!).cut).toBeNull()

    const day = new Date(server.service.internals.engine.now()).toISOString().slice(0, 10)
    const page = await rawGet(`/v1/transactions?startDate=${day}&endDate=${day}&limit=100`)
    const wholeBytes = Buffer.byteLength(page.text)
    expect(wholeBytes).toBeGreaterThan(12 * 1024)
    expect(page.text).toContain(LIVE_KEY) // the client gets its own data back; the log must not keep the key

    const stored = (await logged(page.requestId)).responseBody!
    const { kept, cut } = parseLoggedBody(stored)
    expect(cut).toEqual({ keptKiB: 8, totalBytes: wholeBytes })
    expect(stored.endsWith(`\n[first 8 KiB of ${wholeBytes} bytes]`)).toBe(true)
    const keptBytes = Buffer.byteLength(kept)
    expect(keptBytes).toBeLessThanOrEqual(8 * 1024)
    expect(keptBytes).toBeGreaterThan(8 * 1024 - 4) // cut on a character boundary, not short of it
    expect(kept).not.toContain('\uFFFD') // no character split into a replacement character
    // The same text the client got, secrets redacted as everywhere in the log.
    const redacted = page.text.replaceAll(LIVE_KEY, 'sk_live_[redacted]')
    expect(redacted.startsWith(kept)).toBe(true)
    expect(stored).not.toContain(LIVE_KEY.slice(8))
  })

  it('keeps the first 64 KiB of a request body with the size received', async () => {
    const body = JSON.stringify({ ...chargeBody(), note: `ünïcode ${'x'.repeat(70 * 1024)}`, key: TEST_KEY })
    const response = await fetch(`${server.url}/v1/mobile/charge`, {
      method: 'POST', headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' }, body,
    })
    expect(response.status).toBe(400)
    const stored = (await logged(response.headers.get('x-request-id')!)).requestBody!
    const { kept, cut } = parseLoggedBody(stored)
    expect(cut).toEqual({ keptKiB: 64, totalBytes: Buffer.byteLength(body) })
    expect(Buffer.byteLength(kept)).toBe(64 * 1024)
    expect(body.startsWith(kept)).toBe(true)
    // A response body is kept whole up to 8 KiB: this 400's answer is.
    expect(parseLoggedBody((await logged(response.headers.get('x-request-id')!)).responseBody!).cut).toBeNull()
  })
})
