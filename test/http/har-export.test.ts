import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// har-validator: the HAR 1.2 JSON Schema (har-schema) checked with ajv.
import * as harValidator from 'har-validator/lib/promise'
import { HarSchema, type Har, type HarEntry } from '../../shared/schemas/har'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { chargeBody, consoleAuth } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function exportHar(query = ''): Promise<{ har: Har; disposition: string | null; status: number }> {
  const response = await fetch(`${server.url}/console/requests.har${query}`, { headers: consoleAuth() })
  return { har: (await response.json()) as Har, disposition: response.headers.get('content-disposition'), status: response.status }
}

const byRequestId = (har: Har, requestId: string): HarEntry => har.log.entries.find((entry) => entry._requestId === requestId)!

describe('GET /console/requests.har', () => {
  it('is valid HAR 1.2 holding every logged request, secrets redacted as in the log, cut bodies marked', async () => {
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ narration: 'Order 7' }) })
    const refused = await server.request('GET', '/v1/balance', { headers: { authorization: `Bearer ${LIVE_KEY}` } })
    // A request body over 64 KiB: refused (400), and logged cut.
    const big = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ narration: 'x'.repeat(70 * 1024) }) })
    expect([charge.status, refused.status, big.status]).toEqual([202, 400, 400])

    const { har, disposition, status } = await exportHar()
    expect(status).toBe(200)
    expect(disposition).toBe('attachment; filename="paydesk-requests.har"')
    await expect(harValidator.har(har)).resolves.toBeTruthy()
    expect(HarSchema.parse(har)).toEqual(har)
    expect(har.log.version).toBe('1.2')
    expect(har.log.creator.name).toBe('Paydesk')

    const first = byRequestId(har, charge.headers.get('x-request-id')!)
    expect(first.request).toMatchObject({ method: 'POST', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/mobile\/charge$/) })
    expect(JSON.parse(first.request.postData!.text)).toMatchObject({ narration: 'Order 7' })
    expect(first.response.status).toBe(202)
    expect(first.response.statusText).toBe('Accepted')
    expect(JSON.parse(first.response.content.text!)).toEqual(charge.body)
    expect(first._transactionId).toBe(charge.body.data.transactionId)
    const auth = first.request.headers.find((header) => header.name.toLowerCase() === 'authorization')!
    expect(auth.value).toMatch(/^Bearer sk_test_.{4}…/)

    const cut = byRequestId(har, big.headers.get('x-request-id')!)
    expect(cut.request.postData!.comment).toMatch(/^cut: the request log kept the first 64 KiB of \d+ bytes$/)
    expect(cut.request.bodySize).toBeGreaterThan(70 * 1024)
    expect(Buffer.byteLength(cut.request.postData!.text)).toBeLessThanOrEqual(64 * 1024)
    expect(cut.comment).toContain('request body')

    const text = JSON.stringify(har)
    for (const secret of [TEST_KEY, LIVE_KEY, CONSOLE_TOKEN]) {
      const random = secret.replace(/^(sk_(test|live)_|pdc_)/, '')
      for (let i = 0; i + 12 <= random.length; i++) expect(text).not.toContain(random.slice(i, i + 12))
    }
  })

  it('takes the request log\'s filters and a limit; bad filters get the envelope', async () => {
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody() })
    const transactionId = charge.body.data.transactionId as string
    await server.request('GET', `/v1/transaction?transactionId=${transactionId}`)
    const filtered = (await exportHar(`?transactionId=${transactionId}`)).har
    expect(filtered.log.entries.map((entry) => entry.request.method)).toEqual(['POST', 'GET'])
    const errors = (await exportHar('?status=4xx')).har
    expect(errors.log.entries.length).toBeGreaterThan(0)
    expect(errors.log.entries.every((entry) => entry.response.status >= 400 && entry.response.status < 500)).toBe(true)
    expect((await exportHar('?limit=1')).har.log.entries).toHaveLength(1)
    const bad = await server.request('GET', '/console/requests.har?status=9xx', { headers: consoleAuth() })
    expect(bad.status).toBe(400)
    expect(bad.body.error.param).toBe('status')
    // IPC and in-process callers get the same document as the envelope's data.
    const inProcess = server.service.call('console.requests.har', { query: { transactionId } }, { bearer: CONSOLE_TOKEN })
    expect(inProcess.status).toBe(200)
    expect((inProcess.body as { data: Har }).data).toEqual(filtered)
  })
})
