// The desktop host: lifecycle, window, menu and IPC around the same engine the CLI hosts. Everything
// that is neither of those lives in pure modules beside this file (tested under plain Node) or in the engine.
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, safeStorage, session, shell, type WebContents } from 'electron'
import { createProviderKeyGlue, savedProvider } from './provider-key'
import { consoleUrl as consoleUrlOf } from '../../shared/console-url'
import { createService, HOST_TICK, startTicker } from '../service'
import { nativeNotifier, showNativeNotifications } from './desktop-notifications'
import { startDesktopHttp, type DesktopHttp } from './http-host'
import { createSenderCheck, forwardPushEvents, registerIpcHandler } from './ipc-handler'
import { createWindowSession } from './window-session'
import { createConsoleConnection } from './team-connection'
import { IPC_EVENT_CHANNEL } from '../../shared/api/bridge'
import { menuTemplate } from './menu'
import { electronSqliteBinding, missingBindingMessage } from './native-binding'
import { appLocation, isAllowedRequest, isAppUrl, isExternalLink, isPermissionAllowed, type AppLocation } from './url-policy'
import { mainWindowOptions } from './window-options'

// One data folder name in development and when packaged (package.json's name is lower-case "paydesk").
app.setName('Paydesk')
// Separate sandboxes for QA (and the Electron e2e test) without touching the user's own data.
if (process.env['PAYDESK_USER_DATA_DIR']) app.setPath('userData', process.env['PAYDESK_USER_DATA_DIR'])

const location: AppLocation = appLocation(process.env['ELECTRON_RENDERER_URL'], app.isPackaged, join(__dirname, '../renderer/index.html'))
let window: BrowserWindow | null = null

function openExternal(url: string): void {
  if (isExternalLink(url)) void shell.openExternal(url)
}

/** Every web contents, present and future: no pop-ups, no leaving the app's page, no <webview>. */
function harden(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url)
    return { action: 'deny' }
  })
  const stayHome = (event: Electron.Event, url: string) => {
    if (isAppUrl(url, location)) return
    event.preventDefault()
    openExternal(url)
  }
  contents.on('will-navigate', (event) => stayHome(event, event.url))
  contents.on('will-redirect', (event) => stayHome(event, event.url))
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

function hardenSession(): void {
  const ses = session.defaultSession
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => callback(isPermissionAllowed(permission, details.requestingUrl, location)))
  ses.setPermissionCheckHandler((_contents, permission, _origin, details) => isPermissionAllowed(permission, details.requestingUrl ?? '', location))
  ses.webRequest.onBeforeRequest({ urls: ['<all_urls>'] }, (details, callback) => callback({ cancel: !isAllowedRequest(details.url, location) }))
}

function createWindow(): BrowserWindow {
  const created = new BrowserWindow(mainWindowOptions(join(__dirname, '../preload/index.js')))
  created.once('ready-to-show', () => created.show())
  created.on('closed', () => {
    if (window === created) window = null
  })
  if (location.kind === 'dev') void created.loadURL(location.url)
  else void created.loadFile(location.indexFile)
  return created
}

function showWindow(): void {
  if (!window) window = createWindow()
  if (window.isMinimized()) window.restore()
  window.focus()
}

async function start(): Promise<() => Promise<void>> {
  const nativeBinding = electronSqliteBinding({ isPackaged: app.isPackaged, resourcesPath: process.resourcesPath, appPath: app.getAppPath(), abi: process.versions.modules })
  const missing = missingBindingMessage(nativeBinding)
  if (missing) throw new Error(missing)
  mkdirSync(app.getPath('userData'), { recursive: true })
  const dbPath = join(app.getPath('userData'), 'paydesk.db')
  // Settings → Provider connection: the key sealed with the OS secret store, beside (never in) the database.
  const providerFile = join(app.getPath('userData'), 'provider.json')
  const service = createService({
    dbPath, nativeBinding, tickBudgetMs: HOST_TICK.simulatorBudgetMs, tickSliceMs: HOST_TICK.simulatorSliceMs, checkpointInBackground: true,
    upstream: savedProvider(providerFile, safeStorage),
  })
  let desktopHttp: DesktopHttp
  try {
    // The same console build the window shows is served at `/` for the console URL (token in the link).
    desktopHttp = await startDesktopHttp(service, location.kind === 'file' ? dirname(location.indexFile) : undefined)
  } catch (error) {
    service.close()
    throw error
  }
  const { http, busyPort } = desktopHttp
  const consoleUrl = consoleUrlOf(http.url, service.consoleToken)
  console.log(`Paydesk desktop: API ${http.url}/v1, console ${consoleUrl}, database ${dbPath}`)

  hardenSession()
  app.on('web-contents-created', (_event, contents) => harden(contents))
  // Settings -> Team -> "Connect to a team server": calls and live updates come from that server instead.
  // So do the native notifications: this computer's engine's, or the team server's while connected.
  const showNative = nativeNotifier(Notification, () => showWindow())
  const connection = createConsoleConnection({
    deliver: (event) => {
      if (window && !window.webContents.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, event)
      showNative(event)
    },
  })
  const provider = createProviderKeyGlue(providerFile, safeStorage, service)
  // With sign-in required, the window's live updates follow its session (signed out: none).
  const windowSession = createWindowSession(service)
  const removeHandler = registerIpcHandler(ipcMain, service, createSenderCheck(() => window?.webContents ?? null, location), connection, provider, windowSession)
  const unsubscribe = forwardPushEvents(service, () => window?.webContents ?? null, connection, windowSession)
  const stopNotifications = showNativeNotifications(service, Notification, () => showWindow(), connection, undefined, windowSession)
  const ticker = startTicker(service)
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, {
    // Decided per click: with sign-in required the browser signs in too, and no address carries the token.
    openInBrowser: () => openExternal(service.teamMode() ? `${http.url}/` : consoleUrl),
    openApiReference: () => openExternal(`${http.url}/openapi.json`),
  }, !app.isPackaged)))
  showWindow()
  if (busyPort !== null) {
    const detail = `Port ${busyPort} is busy (is \`npm run serve\` running?), so the API listens on ${http.url} for this session. Change the saved port in Settings.`
    console.warn(`[paydesk] ${detail}`)
    void dialog.showMessageBox({ type: 'info', message: 'The HTTP API is on another port', detail })
  }
  return async () => {
    removeHandler()
    unsubscribe()
    windowSession.close()
    connection.close()
    stopNotifications()
    await ticker.stop()
    await http.close()
    service.close()
  }
}

function fail(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error)
  console.error('[paydesk] failed to start:', message)
  dialog.showErrorBox('Paydesk cannot start', message)
  app.exit(1)
}

if (!app.requestSingleInstanceLock()) {
  // One app per user data folder: two engines on one SQLite file would race the simulator and webhooks.
  app.quit()
} else {
  let stop: (() => Promise<void>) | null = null
  let stopped = false
  app.on('second-instance', () => showWindow())
  app.on('activate', () => {
    if (stop) showWindow()
  })
  app.on('window-all-closed', () => {
    // macOS keeps apps (and here the HTTP API) running without windows; elsewhere closing the window quits.
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('will-quit', (event) => {
    if (stopped || !stop) return
    // Let in-flight ticks and HTTP requests finish before the database closes.
    event.preventDefault()
    const current = stop
    stop = null
    void current().catch((error: unknown) => console.error('[paydesk] shutdown failed:', error)).finally(() => {
      stopped = true
      app.quit()
    })
  })
  app.whenReady().then(start).then((stopHost) => (stop = stopHost), fail)
}
