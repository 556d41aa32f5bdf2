import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { savedHttpPort, startDesktopHttp, type DesktopHttp } from '../../electron/main/http-host'
import { CONSOLE_TOKEN, testService } from '../support/harness'

// The desktop app's HTTP face (electron/main/http-host.ts, no Electron needed): it binds the port saved
// through console.host.update, falls back to a free one when that is busy, and tells the console its URLs.

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function listen(port = 0): Promise<Server> {
  return new Promise((resolve, reject) => {
    const blocker = createServer()
    blocker.once('error', reject)
    blocker.listen(port, '127.0.0.1', () => resolve(blocker))
  })
}

/** A port that is free right now (taken and released), for tests that must choose the port themselves. */
async function freePort(): Promise<number> {
  const probe = await listen()
  const { port } = probe.address() as { port: number }
  await new Promise((done) => probe.close(done))
  return port
}

function desktop() {
  const { service } = testService()
  const save = (httpPort: number) => {
    const response = service.call('console.host.update', { body: { httpPort } }, { trustedConsole: true })
    expect(response.status).toBe(200)
  }
  const start = async (): Promise<DesktopHttp> => {
    const started = await startDesktopHttp(service, undefined)
    cleanups.push(() => started.http.close())
    return started
  }
  cleanups.push(() => service.close())
  return { service, save, start }
}

describe('desktop HTTP host', () => {
  it('reads the default port until one is saved', () => {
    const { service, save } = desktop()
    expect(savedHttpPort(service)).toBe(8787)
    save(9555)
    expect(savedHttpPort(service)).toBe(9555)
  })

  it('binds the saved port on 127.0.0.1 and shows its URLs, with the console token, in console.info and console.host.get', async () => {
    const { service, save, start } = desktop()
    const port = await freePort()
    save(port)
    const { http, busyPort } = await start()
    expect(busyPort).toBeNull()
    expect(http.url).toBe(`http://127.0.0.1:${port}`)

    const info = service.call('console.info', {}, { trustedConsole: true })
    expect(info.body).toMatchObject({ data: { httpUrl: http.url, consoleUrl: `${http.url}/?token=${CONSOLE_TOKEN}` } })
    const host = service.call('console.host.get', {}, { trustedConsole: true })
    expect(host.body).toMatchObject({ data: { httpPort: port, httpUrl: http.url } })

    const overHttp = await fetch(`${http.url}/console/host`, { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` } })
    expect(overHttp.status).toBe(200)
    expect(((await overHttp.json()) as { data: unknown }).data).toEqual({ httpPort: port, httpUrl: http.url })
  })

  it('falls back to a free port when the saved one is busy, and says which port was busy', async () => {
    const { service, save, start } = desktop()
    const blocker = await listen()
    cleanups.push(() => new Promise<void>((done) => blocker.close(() => done())))
    const busy = (blocker.address() as { port: number }).port
    save(busy)

    const { http, busyPort } = await start()
    expect(busyPort).toBe(busy)
    expect(http.port).not.toBe(busy)
    const host = service.call('console.host.get', {}, { trustedConsole: true })
    // The saved setting is kept (it may be free next time); the actual URL tells the truth for this run.
    expect(host.body).toMatchObject({ data: { httpPort: busy, httpUrl: `http://127.0.0.1:${http.port}` } })
    expect((await fetch(`${http.url}/openapi.json`)).status).toBe(200)
  })
})
