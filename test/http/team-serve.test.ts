import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startCli, stopGracefully, type CliHost } from '../support/cli-process'

// `paydesk serve --team` as a team runs it: the banner, a team server beyond loopback, and HTTPS.

const CERT = resolve(__dirname, '../fixtures/team-tls-cert.pem')
const KEY = resolve(__dirname, '../fixtures/team-tls-key.pem')
const TOKEN = 'pdc_team_serve_console_token_01'
const hosts: CliHost[] = []
afterEach(async () => {
  for (const host of hosts.splice(0)) await stopGracefully(host)
})

function get(url: string, headers: Record<string, string>, ca?: Buffer): Promise<{ status: number; body: any }> {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest
  return new Promise((done, fail) => {
    const req = request(url, { headers, ...(ca ? { ca } : {}) }, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
      res.on('end', () => done({ status: res.statusCode!, body: JSON.parse(text) }))
    })
    req.on('error', fail)
    req.end()
  })
}

describe('paydesk serve --team', () => {
  it('prints a console URL without the token, the token as automation\'s, and warns beyond loopback without TLS', async () => {
    const host = await startCli(['--team', '--host', '0.0.0.0', '--db', ':memory:', '--console-token', TOKEN])
    hosts.push(host)
    const banner = host.output()
    expect(banner).toMatch(/Console\s+http:\/\/0\.0\.0\.0:\d+\/ \(team mode: sign in/)
    expect(banner).not.toContain('?token=')
    expect(banner).toMatch(/Console token\s+pdc_team_serve_console_token_01 \(automation/)
    expect(banner).toMatch(/WARNING.*without TLS: passwords and session tokens would travel in clear/)
    // The team reaches it by the machine's name: the console answers that Host (asking for sign-in).
    const port = new URL(host.url).port
    const byName = await get(`http://127.0.0.1:${port}/console/info`, { host: `paydesk-office:${port}` })
    expect(byName.status).toBe(401)
    expect(byName.body.error.param).toBe('session')
    expect((await get(`http://127.0.0.1:${port}/console/info`, { host: `paydesk-office:${port}`, authorization: `Bearer ${TOKEN}` })).status).toBe(200)
  })

  it('serves HTTPS with --tls-cert and --tls-key, and then has nothing to warn about', async () => {
    const host = await startCli(['--team', '--db', ':memory:', '--console-token', TOKEN, '--tls-cert', CERT, '--tls-key', KEY])
    hosts.push(host)
    expect(host.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    expect(host.output()).not.toContain('WARNING')
    const whoami = await get(`${host.url}/console/sessions/current`, { authorization: `Bearer ${TOKEN}` }, readFileSync(CERT))
    expect(whoami.status).toBe(200)
    expect(whoami.body.data).toMatchObject({ actor: { name: 'automation' }, teamMode: true })
  })

  it('keeps the default mode unchanged without --team: the console URL carries the token', async () => {
    const host = await startCli(['--db', ':memory:', '--console-token', TOKEN])
    hosts.push(host)
    expect(host.output()).toContain(`/?token=${TOKEN}`)
    const whoami = await get(`${host.url}/console/sessions/current`, { authorization: `Bearer ${TOKEN}` })
    expect(whoami.body.data).toMatchObject({ teamMode: false })
  })
})
