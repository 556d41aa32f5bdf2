import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The built main process (out/main/index.js) run under plain Node against a recording stand-in for the
// `electron` module: the only way to exercise electron/main/index.ts's wiring without the Electron binary.
// The stand-in records what the main process asks of Electron (window options, IPC, session, menu,
// lifecycle); a driver then plays the window and the user, and reports what happened as JSON.
// The SQLite driver is the Node build copied to where the app looks for its Electron build, so the real
// `nativeBinding` path is taken. What this cannot show: that Electron itself honours those calls.

const ROOT = resolve(__dirname, '../..')

const FAKE_ELECTRON = String.raw`
const { EventEmitter } = require('node:events')
const calls = (globalThis.__electron = { windows: [], handlers: new Map(), appListeners: new Map(), opened: [], quit: 0, exit: [], errors: [], menu: null, session: {}, notifications: [] })
class WebContents extends EventEmitter {
  constructor() { super(); this.sent = []; this.destroyed = false; this.mainFrame = { url: '', parent: null } }
  setWindowOpenHandler(handler) { this.openHandler = handler }
  send(channel, payload) { this.sent.push([channel, payload]) }
  isDestroyed() { return this.destroyed }
}
class BrowserWindow extends EventEmitter {
  constructor(options) { super(); this.options = options; this.webContents = new WebContents(); calls.windows.push(this); calls.appListeners.get('web-contents-created')?.forEach((l) => l({}, this.webContents)) }
  loadFile(file) { this.loaded = { file }; this.webContents.mainFrame.url = require('node:url').pathToFileURL(file).href; return Promise.resolve() }
  loadURL(url) { this.loaded = { url }; return Promise.resolve() }
  isMinimized() { return false }
  restore() {}
  focus() { this.focusCount = (this.focusCount || 0) + 1 }
  show() { this.shown = true }
}
class Notification {
  constructor(options) { this.options = options; this.listeners = [] }
  static isSupported() { return true }
  on(event, listener) { if (event === 'click') this.listeners.push(listener); return this }
  show() { calls.notifications.push(this) }
}
const app = {
  isPackaged: false,
  name: 'paydesk',
  paths: { userData: process.env.FAKE_USER_DATA },
  setName(name) { this.name = name },
  setPath(key, value) { this.paths[key] = value },
  getPath(key) { return this.paths[key] },
  getAppPath() { return process.env.FAKE_APP_PATH },
  requestSingleInstanceLock() { return true },
  whenReady() { return Promise.resolve() },
  on(event, listener) { if (!calls.appListeners.has(event)) calls.appListeners.set(event, []); calls.appListeners.get(event).push(listener); return this },
  quit() { calls.quit++ },
  exit(code) { calls.exit.push(code) },
}
calls.app = app
module.exports = {
  app,
  BrowserWindow,
  Notification,
  ipcMain: { handle(channel, listener) { calls.handlers.set(channel, listener) }, removeHandler(channel) { calls.handlers.delete(channel) } },
  Menu: { buildFromTemplate: (template) => ({ template }), setApplicationMenu: (menu) => { calls.menu = menu } },
  dialog: { showErrorBox: (title, message) => calls.errors.push(title + ': ' + message), showMessageBox: () => Promise.resolve({ response: 0 }) },
  shell: { openExternal: (url) => { calls.opened.push(url); return Promise.resolve() } },
  session: { defaultSession: {
    setPermissionRequestHandler: (h) => { calls.session.request = h },
    setPermissionCheckHandler: (h) => { calls.session.check = h },
    webRequest: { onBeforeRequest: (filter, h) => { calls.session.beforeRequest = h } },
  } },
}
`

const DRIVER = String.raw`
const Module = require('node:module')
const fakeElectron = process.env.FAKE_ELECTRON
const resolveFilename = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) { return request === 'electron' ? fakeElectron : resolveFilename.call(this, request, ...rest) }
require('tsx/cjs')
const { createService } = require(process.env.ROOT + '/electron/service/index.ts')

const wait = async (what, predicate, ms = 8000) => {
  const until = Date.now() + ms
  while (!predicate()) { if (Date.now() > until) throw new Error('timed out waiting for ' + what); await new Promise((r) => setTimeout(r, 25)) }
}

async function main() {
  // The saved port, as the Settings screen would have stored it: the app must bind exactly this one.
  const seed = createService({ dbPath: process.env.FAKE_USER_DATA + '/paydesk.db' })
  seed.call('console.host.update', { body: { httpPort: Number(process.env.SAVED_PORT) } }, { trustedConsole: true })
  seed.close()

  require(process.env.MAIN_BUNDLE)
  const calls = globalThis.__electron
  await wait('the window', () => calls.windows.length === 1 || calls.exit.length > 0)
  if (calls.exit.length > 0) return { failedToStart: calls.errors }
  const win = calls.windows[0]
  win.emit('ready-to-show')
  const ipcChannels = [...calls.handlers.keys()]
  const handler = calls.handlers.get('paydesk:call')
  const fromWindow = { sender: win.webContents, senderFrame: win.webContents.mainFrame }
  // ipcMain.handle awaits what the handler returns (group commit: a promise resolved after the COMMIT).
  const call = (routeId, input = {}, event = fromWindow) => Promise.resolve(handler(event, { routeId, input, environment: 'test' }))

  const info = (await call('console.info')).body.data
  const overHttp = await fetch(info.httpUrl + '/console/host', { headers: { authorization: 'Bearer ' + new URL(info.consoleUrl).searchParams.get('token') } })
  const rules = await call('console.notificationRules.get')
  await call('console.notificationRules.update', { body: { ...rules.body.data, paymentReceived: { enabled: true, sound: true } } })
  const charge = await call('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10000, merchantTransactionId: 'main-process-1' } })
  await wait('a push event after the charge settles', () => win.webContents.sent.some(([, e]) => e.type === 'transaction.changed' && e.status === 'completed'))
  await wait('a native notification of the payment', () => calls.notifications.length > 0)
  const focusBefore = win.focusCount || 0
  calls.notifications[0].listeners.forEach((listener) => listener())
  const nativeNotifications = calls.notifications.map((n) => n.options)

  const contents = win.webContents
  const openDecision = contents.openHandler({ url: 'https://docs.example.com/' })
  const refused = { preventDefault() { this.prevented = true } }
  const home = Object.assign(Object.create(refused), { url: win.webContents.mainFrame.url + '#/charges' })
  contents.emit('will-navigate', home)
  const foreign = Object.assign(Object.create(refused), { url: 'https://evil.example/' })
  contents.emit('will-navigate', foreign)
  const webview = Object.assign(Object.create(refused), {})
  contents.emit('will-attach-webview', webview)
  let permission
  calls.session.request(contents, 'media', (granted) => (permission = granted), { requestingUrl: win.webContents.mainFrame.url })
  let remote
  calls.session.beforeRequest({ url: 'https://cdn.example.com/x.js' }, (answer) => (remote = answer))

  const willQuit = { prevented: false, preventDefault() { this.prevented = true } }
  calls.appListeners.get('will-quit').forEach((listener) => listener(willQuit))
  await wait('app.quit after shutdown', () => calls.quit > 0)
  let httpAfterQuit = 'open'
  try { await fetch(info.httpUrl + '/openapi.json') } catch { httpAfterQuit = 'closed' }

  return {
    appName: calls.app.name,
    windowOptions: win.options,
    loaded: win.loaded,
    shown: win.shown === true,
    ipcChannels,
    info,
    hostOverHttp: { status: overHttp.status, body: await overHttp.json() },
    chargeStatus: charge.status,
    nativeNotifications, windowShownByClick: (win.focusCount || 0) > focusBefore,
    foreignCall: (await call('accounts.list', {}, { sender: {}, senderFrame: { url: win.webContents.mainFrame.url, parent: null } })).status,
    eventChannels: [...new Set(win.webContents.sent.map(([channel]) => channel))],
    openDecision, opened: calls.opened,
    navigation: { foreignPrevented: foreign.prevented === true, homePrevented: home.prevented === true, webviewPrevented: webview.prevented === true },
    permission, remote,
    menu: calls.menu.template.map((item) => item.label ?? item.role),
    quit: { prevented: willQuit.prevented, quitCalls: calls.quit, ipcAfterQuit: [...calls.handlers.keys()], httpAfterQuit },
    errors: calls.errors,
  }
}
main().then((report) => { process.stdout.write('REPORT ' + JSON.stringify(report) + '\n'); process.exit(0) }, (error) => { console.error(error); process.exit(1) })
`

interface Report {
  failedToStart?: string[]
  appName: string
  windowOptions: { webPreferences: Record<string, unknown> }
  loaded: { file?: string; url?: string }
  shown: boolean
  ipcChannels: string[]
  info: { httpUrl: string; consoleUrl: string }
  hostOverHttp: { status: number; body: { data: { httpPort: number; httpUrl: string } } }
  chargeStatus: number
  nativeNotifications: { title: string; body: string; silent: boolean }[]
  windowShownByClick: boolean
  foreignCall: number
  eventChannels: string[]
  openDecision: { action: string }
  opened: string[]
  navigation: { foreignPrevented: boolean; homePrevented: boolean; webviewPrevented: boolean }
  permission: boolean
  remote: { cancel: boolean }
  menu: string[]
  quit: { prevented: boolean; quitCalls: number; ipcAfterQuit: string[]; httpAfterQuit: string }
  errors: string[]
}

let scratch: string
let report: Report
let savedPort: number
let run: { status: number | null; output: string }

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'paydesk-main-'))
  const outDir = join(scratch, 'out')
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--outDir', outDir, '--logLevel', 'error'], { cwd: ROOT, encoding: 'utf8' })
  if (build.status !== 0) throw new Error(`electron-vite build failed:\n${build.stderr}`)
  // Where the app looks for its SQLite driver (native/electron-v<ABI>/), filled with the Node build: under
  // Node the ABI is Node's, so the real nativeBinding path is exercised with a binary that loads here.
  const appPath = join(scratch, 'app')
  const nativeDir = join(appPath, 'native', `electron-v${process.versions.modules}`)
  mkdirSync(nativeDir, { recursive: true })
  copyFileSync(join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'), join(nativeDir, 'better_sqlite3.node'))
  const userData = join(scratch, 'user-data')
  mkdirSync(userData)
  writeFileSync(join(scratch, 'fake-electron.cjs'), FAKE_ELECTRON)
  writeFileSync(join(scratch, 'driver.cjs'), DRIVER)
  savedPort = await new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })
  run = await new Promise((done) => {
    const child = spawn(process.execPath, [join(scratch, 'driver.cjs')], {
      cwd: ROOT,
      env: {
        ...process.env, ROOT, NODE_PATH: join(ROOT, 'node_modules'), FAKE_ELECTRON: join(scratch, 'fake-electron.cjs'),
        MAIN_BUNDLE: join(outDir, 'main/index.js'), FAKE_APP_PATH: appPath, FAKE_USER_DATA: userData, SAVED_PORT: String(savedPort),
        ELECTRON_RENDERER_URL: '',
      },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (status) => done({ status, output }))
  })
  const line = run.output.split('\n').find((text) => text.startsWith('REPORT '))
  if (!line) throw new Error(`the main process driver produced no report (exit ${run.status}):\n${run.output}`)
  report = JSON.parse(line.slice('REPORT '.length)) as Report
}, 120_000)
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the built main process (under a recording electron stand-in)', () => {
  it('starts: opens the database through the Electron SQLite driver path and shows one window', () => {
    expect(report.failedToStart).toBeUndefined()
    expect(report.errors).toEqual([])
    expect(report.appName).toBe('Paydesk')
    expect(report.shown).toBe(true)
    expect(report.loaded.file).toMatch(/renderer[\\/]index\.html$/)
  })

  it('creates the window with the hardened options and the built preload', () => {
    expect(report.windowOptions.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true })
    expect(String(report.windowOptions.webPreferences['preload'])).toMatch(/preload[\\/]index\.js$/)
  })

  it('binds the saved HTTP port on 127.0.0.1 and tells the console its URLs', () => {
    expect(report.info.httpUrl).toBe(`http://127.0.0.1:${savedPort}`)
    expect(report.info.consoleUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${savedPort}/\\?token=`))
    expect(report.hostOverHttp).toEqual({ status: 200, body: expect.objectContaining({ data: { httpPort: savedPort, httpUrl: report.info.httpUrl } }) })
  })

  it('serves the window over one IPC channel, refuses a foreign sender, and pushes events on paydesk:event', () => {
    expect(report.ipcChannels).toEqual(['paydesk:call'])
    expect(report.chargeStatus).toBe(202)
    expect(report.foreignCall).toBe(403)
    expect(report.eventChannels).toEqual(['paydesk:event'])
  })

  it('denies pop-ups (web links go to the OS browser), foreign navigation, webviews, permissions and remote requests', () => {
    expect(report.openDecision).toEqual({ action: 'deny' })
    // A link the page follows (no target) is kept out of the window too, and handed to the OS browser.
    expect(report.opened).toEqual(['https://docs.example.com/', 'https://evil.example/'])
    expect(report.navigation).toEqual({ foreignPrevented: true, homePrevented: false, webviewPrevented: true })
    expect(report.permission).toBe(false)
    expect(report.remote).toEqual({ cancel: true })
  })

  it('shows what the engine notifies as native notifications (Electron Notification); a click brings the window forward', () => {
    expect(report.nativeNotifications).toEqual([{ title: 'Payment received: KES 100.00', body: expect.stringMatching(/^From \+254712345678 · main-process-1/), silent: false }])
    expect(report.windowShownByClick).toBe(true)
  })

  it('installs the menu', () => {
    expect(report.menu).toEqual(expect.arrayContaining(['File', 'editMenu', 'View', 'windowMenu', 'help']))
  })

  it('shuts down in order on quit: IPC removed, HTTP closed, then quits', () => {
    expect(report.quit).toEqual({ prevented: true, quitCalls: 1, ipcAfterQuit: [], httpAfterQuit: 'closed' })
  })
})
