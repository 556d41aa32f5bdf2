import { request } from 'node:http'
import { readAnswer, type NodeHttpAnswer } from './node-http'

export type ParallelAnswer = NodeHttpAnswer

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
    }, (res) => readAnswer(res).then(resolve, reject))
    req.on('error', reject)
    req.end(payload)
  })
}

/** Fires `count` copies at once and waits for all of them. */
export function fireAtOnce<T>(count: number, send: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)))
}
