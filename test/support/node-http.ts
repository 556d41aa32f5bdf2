import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { request } from 'node:http'

/** A node:http answer: status, headers, the body as text and, when it is JSON, parsed (else the text again). */
export interface NodeHttpAnswer {
  status: number
  headers: IncomingHttpHeaders
  text: string
  body: any
}

/** Reads a node:http response to its end. */
export function readAnswer(res: IncomingMessage): Promise<NodeHttpAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    res.on('data', (chunk: Buffer) => chunks.push(chunk))
    res.on('error', reject)
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {
        // not JSON: left as text
      }
      resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed })
    })
  })
}

/**
 * A request through node:http to the server at `url` (its origin), for what fetch will not send: a Host
 * header, any method, a declared Content-Length with no body (`'declared-only'`: only the head is sent),
 * a chunked body without a length, raw bytes. The connection is dropped once the answer is read.
 */
export function rawRequest(url: string, method: string, path: string, headers: Record<string, string>, body?: string | Buffer | 'declared-only'): Promise<NodeHttpAnswer> {
  const { port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: Number(port), method, path, headers }, (res) => {
      readAnswer(res).then((answer) => {
        resolve(answer)
        req.destroy()
      }, reject)
    })
    req.on('error', reject)
    if (body === 'declared-only') req.flushHeaders()
    else req.end(body)
  })
}
