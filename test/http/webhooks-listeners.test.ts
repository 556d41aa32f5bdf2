import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { startDelayedReceiver, type DelayedReceiver } from '../support/delayed-receiver'
import { consoleAuth } from './helpers'

/**
 * Under load the webhook dispatcher has up to 32 attempts in flight over the real HTTP transport. Each
 * attempt must listen for the service closing on a signal of its own: on one signal shared by every
 * attempt, the listeners piled up past Node's limit and the server log showed
 * "MaxListenersExceededWarning: Possible EventTarget memory leak detected. 11 abort listeners added to [AbortSignal]".
 */
let server: TestServer
const receivers: DelayedReceiver[] = []
const warnings: Error[] = []
const onWarning = (warning: Error) => warnings.push(warning)
beforeAll(async () => {
  process.on('warning', onWarning)
  server = await startTestServer()
  // Three endpoints answering slowly: 8 attempts in flight to each, 24 at once.
  for (let i = 0; i < 3; i++) receivers.push(await startDelayedReceiver(150))
})
afterAll(async () => {
  process.off('warning', onWarning)
  await server.close()
  for (const receiver of receivers) await receiver.close()
})

describe('webhook attempts in flight', () => {
  it('leave no listener behind on a shared signal: no MaxListenersExceededWarning, every event delivered', async () => {
    const perReceiver = 24
    for (const receiver of receivers) {
      for (let i = 0; i < perReceiver; i++) {
        expect((await server.request('POST', '/console/webhooks/test', { headers: consoleAuth(), body: { url: receiver.url } })).status).toBe(201)
      }
    }
    // One tick starts what fits in the slots and refills them as attempts finish, until all were attempted.
    await server.service.tick()
    await new Promise((resolve) => setImmediate(resolve))
    for (const receiver of receivers) expect(receiver.requests).toHaveLength(perReceiver)
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning').map((warning) => warning.message)).toEqual([])
  })
})
