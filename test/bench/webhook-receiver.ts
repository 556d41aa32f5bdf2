// A local webhook endpoint for the end-to-end figure, in its own process (forked with IPC): answers
// 200 at once and counts what arrives, so delivery speed is the sender's, not the receiver's.
// Asked with the IPC message 'stats', it answers with its counts.
import { createServer } from 'node:http'

export interface ReceiverStats {
  received: number
  /** Distinct merchantTransactionIds with a final transaction event (succeeded or failed). */
  unique: number
  duplicates: number
  unreadable: number
  types: Record<string, number>
  firstAt: number
  /** Date.now() when the last NEW merchantTransactionId arrived. */
  lastNewAt: number
}

const seen = new Set<string>()
const stats: ReceiverStats = { received: 0, unique: 0, duplicates: 0, unreadable: 0, types: {}, firstAt: 0, lastNewAt: 0 }
const FINAL_EVENTS = new Set(['transaction.succeeded', 'transaction.failed'])

const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    stats.received++
    if (stats.firstAt === 0) stats.firstAt = Date.now()
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type?: string; data?: { merchantTransactionId?: string | null } }
      const type = body.type ?? 'unknown'
      stats.types[type] = (stats.types[type] ?? 0) + 1
      const reference = body.data?.merchantTransactionId
      if (reference && FINAL_EVENTS.has(type)) {
        if (seen.has(reference)) stats.duplicates++
        else {
          seen.add(reference)
          stats.unique = seen.size
          stats.lastNewAt = Date.now()
        }
      }
    } catch {
      stats.unreadable++
    }
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end('ok')
  })
})
server.keepAliveTimeout = 30_000
server.listen(Number(process.argv[2]), '127.0.0.1', () => process.send?.({ ready: true }))
process.on('message', (message) => {
  if (message === 'stats') process.send?.({ stats })
})
process.on('disconnect', () => process.exit(0))
