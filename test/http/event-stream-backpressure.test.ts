import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushEvent } from '../../shared/api/push-events'
import { EVENT_STREAM_QUEUE_LIMIT_BYTES } from '../../electron/http/event-stream'
import { runUnit } from '../../electron/service/core/unit'
import { CONSOLE_TOKEN, ref, startTestServer, type TestServer } from '../support/harness'

/**
 * `/console/events` respects backpressure: a client that stops reading cannot make the server keep every
 * event for it. Past what the kernel's socket buffers hold plus EVENT_STREAM_QUEUE_LIMIT_BYTES, the server
 * ends that stream; a client that keeps reading is served on.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const FLOOD_BYTES = 24 * 1024 * 1024
const PER_UNIT = 2_000

/**
 * Push events committed the engine's way (in units, published after their COMMIT), ~110 bytes of SSE each.
 * `keptUp` waits between units for a client that reads: in this one thread a reader only reads between them.
 */
async function flood(keptUp: (sentBytes: number) => Promise<void>): Promise<number> {
  const { engine } = server.service.internals
  let bytes = 0
  for (let unit = 0; bytes < FLOOD_BYTES; unit++) {
    runUnit(engine, engine.now(), (work) => {
      for (let i = 0; i < PER_UNIT; i++) {
        const event: PushEvent = { type: 'transaction.changed', environment: 'test', transactionId: `txn_flood_${unit}_${i}_0123456789abcdef`, status: 'pending' }
        work.emit(event)
        bytes += `data: ${JSON.stringify(event)}\n\n`.length
      }
    })
    await keptUp(bytes)
  }
  return bytes
}

/** A client on a raw connection: opens the stream, then stops reading once it is accepted. */
function stalledClient(): Promise<{ socket: Socket; received: () => number; closed: Promise<void> }> {
  const port = Number(new URL(server.url).port)
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    let received = 0
    const closed = new Promise<void>((done) => socket.once('close', () => done()))
    socket.on('error', () => {})
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (chunk.toString('latin1').includes(': connected')) {
        socket.pause()
        resolve({ socket, received: () => received, closed })
      }
    })
    socket.write(`GET /console/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${CONSOLE_TOKEN}\r\n\r\n`)
  })
}

describe('a console event stream whose client stops reading', () => {
  it('is ended once it queues past the bound; a stream that reads keeps its events', { timeout: 60_000 }, async () => {
    const stalled = await stalledClient()
    const controller = new AbortController()
    const reading = await fetch(`${server.url}/console/events`, { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` }, signal: controller.signal })
    const reader = reading.body!.getReader()
    let readText = ''
    let readBytes = 0
    const decoder = new TextDecoder()
    const readingDone = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
        if (done) return
        readBytes += value!.length
        readText = (readText + decoder.decode(value, { stream: true })).slice(-4_096)
      }
    })()
    try {
      // The reading client keeps pace (it reads all but the last unit's worth before the next one comes).
      const sent = await flood((sentBytes) => Promise.race([until(() => readBytes >= sentBytes - 256 * 1024), readingDone]))
      // The stalled client reads again: it gets what the kernel buffered and what the server queued before it
      // gave up, then the end; or, if the server never gave up, the whole flood (the stream stays open).
      let endedEarly = false
      stalled.socket.resume()
      await Promise.race([stalled.closed.then(() => (endedEarly = true)), until(() => stalled.received() >= sent)])
      expect(endedEarly).toBe(true)
      expect(stalled.received()).toBeLessThan(sent / 2)

      // The reading stream gets the whole flood (unless it was ended too) and then the next event (a real charge).
      await Promise.race([until(() => readBytes >= sent), readingDone])
      expect(readBytes).toBeGreaterThanOrEqual(sent)
      const charge = await server.request('POST', '/v1/mobile/charge', { body: { phoneNumber: '0712345678', amount: 1_000, merchantTransactionId: ref('bp') } })
      expect(charge.status).toBe(202)
      await until(() => readText.includes(charge.body.data.transactionId as string))
    } finally {
      controller.abort()
      stalled.socket.destroy()
      await readingDone
    }
    expect(EVENT_STREAM_QUEUE_LIMIT_BYTES).toBe(1024 * 1024)
  })
})

/** Resolves once `condition` holds, checking on every turn of the event loop (the test's timeout bounds it). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resume) => setTimeout(resume, 5))
}
