import { request } from 'node:http'
import { readAnswer, type NodeHttpAnswer } from './node-http'

/**
 * One request sent from a chosen loopback address (all of 127.0.0.0/8 is loopback), with `token` as the
 * bearer (none when undefined) and a JSON body when given: what budgets keyed by client address are tested with.
 */
export function fromAddress(url: string, address: string, path: string, token: string | undefined, init: { method?: string; body?: unknown } = {}): Promise<NodeHttpAnswer> {
  const { port } = new URL(url)
  const body = init.body === undefined ? undefined : JSON.stringify(init.body)
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      host: `127.0.0.1:${port}`,
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
    }
    const req = request({ host: '127.0.0.1', port: Number(port), localAddress: address, method: init.method ?? 'GET', path, headers, agent: false }, (res) => {
      readAnswer(res).then(resolve, reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}
