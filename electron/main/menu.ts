import type { MenuItemConstructorOptions } from 'electron'

export interface MenuActions {
  /** Opens the HTTP API's console URL (with its token) in the OS browser. */
  openInBrowser(): void
  /** Opens the served OpenAPI document in the OS browser. */
  openApiReference(): void
}

/** The application menu as data (no runtime electron import), built by index.ts with Menu.buildFromTemplate. */
export function menuTemplate(platform: NodeJS.Platform, actions: MenuActions, devTools: boolean): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    ...(devTools ? [{ role: 'toggleDevTools' } as const] : []),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ]
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' } as const] : []),
    { label: 'File', submenu: [{ label: 'Open Console in Browser', click: actions.openInBrowser }, { type: 'separator' }, platform === 'darwin' ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'API Reference (OpenAPI)', click: actions.openApiReference }] },
  ]
}
