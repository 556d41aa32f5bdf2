import { request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startHttpServer } from '../../electron/http/server'
import { VERSION } from '../../electron/service'
import { startTestServer, TEST_KEY, testService, type TestServer } from '../support/harness'
import { readAnswer, type NodeHttpAnswer } from '../support/node-http'
import { consoleAuth } from './helpers'

/** GET /healthz: readiness for compose files and CI steps (README "Use it in CI"). */
let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

function get(url: string, headers: Record<string, string> = {}): Promise<NodeHttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/healthz`, { method: 'GET', headers }, (res) => void readAnswer(res).then(resolve, reject))
    req.on('error', reject)
    req.end()
  })
}

describe('GET /healthz', () => {
  it('stays out of the API request log, which records the /v1 call beside it', async () => {
    server = await startTestServer()
    const probe = await server.request('GET', '/healthz')
    const api = await server.request('GET', '/v1/accounts', { headers: { authorization: `Bearer ${TEST_KEY}` } })
    const log = await server.request('GET', '/console/requests', { headers: consoleAuth() })
    const logged = (log.body.data.items as { requestId: string; path: string }[])
    expect(api.status).toBe(200)
    expect(logged.map((entry) => entry.requestId)).toContain(api.headers.get('x-request-id'))
    expect(logged.map((entry) => entry.requestId)).not.toContain(probe.headers.get('x-request-id'))
    expect(logged.some((entry) => entry.path === '/healthz')).toBe(false)
  })

  it('answers 200 with the documented shape, without credentials', async () => {
    server = await startTestServer()
    const answer = await server.request('GET', '/healthz', { headers: { authorization: '' } })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ status: 'ok', version: VERSION, apiVersion: '1.0.2', database: 'ok' })
    expect(answer.headers.get('content-type')).toMatch(/application\/json/)
  })

  it('answers 503 with the same shape while the host is starting, then 200 once it is ready', async () => {
    const { service } = testService()
    const http = await startHttpServer({ service, port: 0, ready: false })
    try {
      const starting = await get(http.url)
      expect(starting.status).toBe(503)
      expect(starting.body).toEqual({ status: 'starting', version: VERSION, apiVersion: '1.0.2', database: 'ok' })
      http.setReady()
      expect((await get(http.url)).status).toBe(200)
    } finally {
      await http.close()
      service.close()
    }
  })

  it('answers 503 "stopping" once the host began to stop', async () => {
    server = await startTestServer()
    server.http.markStopping()
    const answer = await server.request('GET', '/healthz', { headers: { authorization: '' } })
    expect(answer.status).toBe(503)
    expect(answer.body).toEqual({ status: 'stopping', version: VERSION, apiVersion: '1.0.2', database: 'ok' })
  })

  it('answers 503 with database "error" when SQLite no longer answers', async () => {
    const { service } = testService()
    const http = await startHttpServer({ service, port: 0 })
    try {
      service.close()
      const answer = await get(http.url)
      expect(answer.status).toBe(503)
      expect(answer.body).toEqual({ status: 'error', version: VERSION, apiVersion: '1.0.2', database: 'error' })
    } finally {
      await http.close()
    }
  })

  it('is never rate-limited, even when the API is', async () => {
    server = await startTestServer({ rateLimitPerMinute: 2 })
    for (let i = 0; i < 3; i++) await server.request('GET', '/v1/accounts')
    expect((await server.request('GET', '/v1/accounts')).status).toBe(429)
    for (let i = 0; i < 10; i++) expect((await server.request('GET', '/healthz', { headers: { authorization: '' } })).status).toBe(200)
  })

  it('follows the Host rules of /v1: a loopback name answers, a foreign name on a loopback server is refused', async () => {
    server = await startTestServer()
    const port = new URL(server.url).port
    expect((await get(server.url, { host: `localhost:${port}` })).status).toBe(200)
    const foreign = await get(server.url, { host: `evil.example:${port}` })
    expect(foreign.status).toBe(403)
    expect(foreign.body.error).toMatchObject({ code: 'forbidden' })
  })

  it('answers a foreign Host name when bound to a non-loopback interface on purpose, like /v1', async () => {
    const { service } = testService()
    const http = await startHttpServer({ service, port: 0, host: '0.0.0.0' })
    try {
      const port = new URL(http.url).port
      const answer = await get(`http://127.0.0.1:${port}`, { host: `paydesk:${port}` })
      expect(answer.status).toBe(200)
      const consoleAnswer = await new Promise<NodeHttpAnswer>((resolve, reject) => {
        const req = httpRequest(`http://127.0.0.1:${port}/console/info`, { headers: { host: `paydesk:${port}` } }, (res) => void readAnswer(res).then(resolve, reject))
        req.on('error', reject)
        req.end()
      })
      expect(consoleAnswer.status).toBe(403)
    } finally {
      await http.close()
      service.close()
    }
  })
})
