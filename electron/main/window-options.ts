import type { BrowserWindowConstructorOptions } from 'electron'

/**
 * The console window. Pure (types only) so a test under plain Node can hold every security switch in
 * place: the page gets no Node, runs in Chromium's sandbox, and reaches the engine only through the
 * preload's `window.paydesk` (context-isolated, so the page cannot touch the preload's objects).
 */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    title: 'Paydesk',
    // Shown on 'ready-to-show' so the user never sees an empty white frame.
    show: false,
    backgroundColor: '#0f172a',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  }
}
