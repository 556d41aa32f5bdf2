import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { appLocation, isAllowedRequest, isAppUrl, isExternalLink, isPermissionAllowed, type AppLocation } from '../../electron/main/url-policy'
import { mainWindowOptions } from '../../electron/main/window-options'

const indexFile = resolve('/opt/paydesk/out/renderer/index.html')
const built: AppLocation = { kind: 'file', indexFile }
const dev: AppLocation = { kind: 'dev', url: 'http://localhost:5173' }
const fileUrl = (path: string) => pathToFileURL(resolve(path)).href

describe('console window options', () => {
  const options = mainWindowOptions('/opt/paydesk/out/preload/index.js')
  const web = options.webPreferences!

  it('isolates the page: no Node, Chromium sandbox, context isolation, our preload only', () => {
    expect(web.preload).toBe('/opt/paydesk/out/preload/index.js')
    expect(web.contextIsolation).toBe(true)
    expect(web.sandbox).toBe(true)
    expect(web.nodeIntegration).toBe(false)
    expect(web.nodeIntegrationInWorker).toBe(false)
    expect(web.nodeIntegrationInSubFrames).toBe(false)
  })

  it('keeps web security on and refuses the risky extras', () => {
    expect(web.webSecurity).toBe(true)
    expect(web.allowRunningInsecureContent).toBe(false)
    expect(web.webviewTag).toBe(false)
    expect(web.experimentalFeatures).toBe(false)
    expect(web.navigateOnDragDrop).toBe(false)
  })

  it('names no remote content and opens hidden until the page is ready', () => {
    expect(JSON.stringify(options)).not.toMatch(/https?:\/\//)
    expect(options.show).toBe(false)
    expect(options.title).toBe('Paydesk')
  })
})

describe('URL policy of the window', () => {
  it('uses the dev server only when unpackaged and electron-vite provides one', () => {
    expect(appLocation('http://localhost:5173', false, indexFile)).toEqual(dev)
    expect(appLocation('http://localhost:5173', true, indexFile)).toEqual(built)
    expect(appLocation(undefined, false, indexFile)).toEqual(built)
  })

  it('treats exactly our index.html (with any route in the hash) as the app', () => {
    expect(isAppUrl(pathToFileURL(indexFile).href, built)).toBe(true)
    expect(isAppUrl(`${pathToFileURL(indexFile).href}#/transactions?status=failed`, built)).toBe(true)
    expect(isAppUrl(fileUrl('/opt/paydesk/out/renderer/other.html'), built)).toBe(false)
    expect(isAppUrl(fileUrl('/etc/passwd'), built)).toBe(false)
    expect(isAppUrl('https://example.com/', built)).toBe(false)
    expect(isAppUrl('http://localhost:5173/', built)).toBe(false)
    expect(isAppUrl('not a url', built)).toBe(false)
  })

  it('treats the dev server origin (and only it) as the app in development', () => {
    expect(isAppUrl('http://localhost:5173/#/settings', dev)).toBe(true)
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false)
    expect(isAppUrl('http://127.0.0.1:5173/', dev)).toBe(false)
    expect(isAppUrl(pathToFileURL(indexFile).href, dev)).toBe(false)
  })

  it('opens only web links in the OS browser', () => {
    expect(isExternalLink('https://docs.example.com/api')).toBe(true)
    expect(isExternalLink('http://127.0.0.1:8787/openapi.json')).toBe(true)
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'ms-settings:', 'not a url']) {
      expect(isExternalLink(url)).toBe(false)
    }
  })

  it('lets the built window load its own files and nothing remote', () => {
    expect(isAllowedRequest(fileUrl('/opt/paydesk/out/renderer/assets/index-abc123.js'), built)).toBe(true)
    expect(isAllowedRequest(fileUrl('/opt/paydesk/out/main/index.js'), built)).toBe(false)
    expect(isAllowedRequest(fileUrl('/opt/paydesk/out/renderer/../../package.json'), built)).toBe(false)
    expect(isAllowedRequest('https://cdn.example.com/lib.js', built)).toBe(false)
    expect(isAllowedRequest('http://127.0.0.1:8787/v1/accounts', built)).toBe(false)
    expect(isAllowedRequest('wss://evil.example/socket', built)).toBe(false)
    expect(isAllowedRequest('data:image/png;base64,AAAA', built)).toBe(true)
  })

  it('lets the dev window reach its dev server (and hot-reload socket) only', () => {
    expect(isAllowedRequest('http://localhost:5173/src/main.tsx', dev)).toBe(true)
    expect(isAllowedRequest('ws://localhost:5173/', dev)).toBe(true)
    expect(isAllowedRequest('https://cdn.example.com/lib.js', dev)).toBe(false)
    expect(isAllowedRequest(fileUrl('/etc/passwd'), dev)).toBe(false)
  })

  it('refuses every permission except clipboard writes from our own page', () => {
    const page = pathToFileURL(indexFile).href
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'unknown']) {
      expect(isPermissionAllowed(permission, page, built)).toBe(false)
    }
    expect(isPermissionAllowed('clipboard-sanitized-write', page, built)).toBe(true)
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/', built)).toBe(false)
  })
})
