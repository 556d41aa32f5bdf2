import { request } from 'node:http'

export interface ParallelAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  body: any
}

/**
 * One request on its own TCP connection (agent: false), so N calls at once really are N clients racing,
 * not one keep-alive socket taking turns.
 */
export function onNewConnection(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<ParallelAnswer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method, agent: false,
      headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}) },
    }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let parsed: unknown = text
        try {
          parsed = JSON.parse(text)
        } catch {
          // not JSON: left as text for the assertion message
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed })
      })
    })
    req.on('error', reject)
    req.end(payload)
  })
}

/** Fires `count` copies at once and waits for all of them. */
export function fireAtOnce<T>(count: number, send: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)))
}
