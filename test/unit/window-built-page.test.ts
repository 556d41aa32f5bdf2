import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_CSP } from '../../electron/http/static-files'

// Builds the desktop app exactly as `npm run build` does (electron-vite, no Electron binary needed), into
// a temporary folder so it never races a developer's out/, then checks what the window will load.

const ROOT = resolve(__dirname, '../..')
let outDir: string
let build: { status: number | null; output: string }

beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'paydesk-build-'))
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--outDir', outDir, '--logLevel', 'warn'], { cwd: ROOT, encoding: 'utf8' })
  build = { status: result.status, output: `${result.stdout}\n${result.stderr}` }
}, 180_000)
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

function metaCsp(html: string): string[] {
  const policies: string[] = []
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/http-equiv\s*=\s*["']content-security-policy["']/i.test(tag)) continue
    const content = /\scontent\s*=\s*"([^"]*)"/i.exec(tag) ?? /\scontent\s*=\s*'([^']*)'/i.exec(tag)
    if (content) policies.push(content[1]!.replace(/&#39;|&apos;/g, "'").replace(/\s+/g, ' ').trim())
  }
  return policies
}

describe('the built desktop app', () => {
  it('builds main, preload and renderer with electron-vite', () => {
    expect(build.output).not.toMatch(/error during build/i)
    expect(build.status).toBe(0)
    for (const file of ['main/index.js', 'preload/index.js', 'renderer/index.html']) expect(existsSync(join(outDir, file))).toBe(true)
  })

  it('gives the window page exactly the console CSP the HTTP server sends, in a meta tag', () => {
    const html = readFileSync(join(outDir, 'renderer/index.html'), 'utf8')
    expect(metaCsp(html)).toEqual([CONSOLE_CSP])
  })

  it('has no inline script or handler for the CSP to trip over, and loads nothing remote', () => {
    const html = readFileSync(join(outDir, 'renderer/index.html'), 'utf8')
    const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) {
      expect(script).toMatch(/\ssrc="\.\/assets\/[^"]+\.js"/)
      expect(script).toMatch(/>\s*<\/script>$/)
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i)
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//i)
  })

  it('ships a preload that works sandboxed: one CommonJS file that requires nothing but electron', () => {
    const preload = readFileSync(join(outDir, 'preload/index.js'), 'utf8')
    const required = [...preload.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1])
    expect(required).toEqual(['electron'])
    expect(preload).not.toMatch(/^\s*(?:import|export)\s/m)
    expect(preload).toMatch(/exposeInMainWorld\(\s*"paydesk"/)
    expect(preload).toContain('"paydesk:call"')
    expect(preload).toContain('"paydesk:event"')
  })

  it('runs like a sandboxed preload: exposes window.paydesk = { invoke, on } over our two channels only', async () => {
    const preload = readFileSync(join(outDir, 'preload/index.js'), 'utf8')
    const exposed = new Map<string, Record<string, (...args: unknown[]) => unknown>>()
    const invoked: unknown[][] = []
    const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
    const fakeElectron = {
      contextBridge: { exposeInMainWorld: (key: string, api: Record<string, (...args: unknown[]) => unknown>) => exposed.set(key, api) },
      ipcRenderer: {
        invoke: (...args: unknown[]) => (invoked.push(args), Promise.resolve({ status: 200 })),
        on: (channel: string, listener: (...args: unknown[]) => void) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
        removeListener: (channel: string, listener: (...args: unknown[]) => void) => listeners.get(channel)?.delete(listener),
      },
    }
    // A sandboxed preload gets a `require` that knows only Electron's renderer modules.
    const sandboxRequire = (id: string) => {
      if (id === 'electron') return fakeElectron
      throw new Error(`module not found: ${id}`)
    }
    runInNewContext(preload, { require: sandboxRequire, module: { exports: {} }, exports: {} })

    expect([...exposed.keys()]).toEqual(['paydesk'])
    const bridge = exposed.get('paydesk')!
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on'])

    const request = { routeId: 'accounts.list', input: {}, environment: 'test' }
    await expect(bridge.invoke!(request)).resolves.toEqual({ status: 200 })
    expect(invoked).toEqual([['paydesk:call', request]])

    const received: unknown[][] = []
    const unsubscribe = bridge.on!((...args: unknown[]) => received.push(args)) as () => void
    expect([...listeners.keys()]).toEqual(['paydesk:event'])
    const payload = { type: 'balance.changed', environment: 'test', accountNo: '1' }
    for (const listener of listeners.get('paydesk:event')!) listener({ sender: 'the IpcRendererEvent' }, payload)
    // Only the payload reaches the page, never the IpcRendererEvent.
    expect(received).toEqual([[payload]])
    unsubscribe()
    expect(listeners.get('paydesk:event')!.size).toBe(0)
  })
})
