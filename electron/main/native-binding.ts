import { existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * better-sqlite3 compiled for Electron's ABI (toolchain §6). node_modules keeps the Node-ABI build
 * forever, because tests and the CLI run on plain Node; the desktop app loads this second copy through
 * better-sqlite3's `nativeBinding` option. Built by scripts/build-electron-sqlite.sh into
 * native/electron-v<abi>/, shipped by electron-builder as an extra resource at the same relative path.
 */
export function electronSqliteBinding(where: { isPackaged: boolean; resourcesPath: string; appPath: string; abi: string }): string {
  const base = where.isPackaged ? where.resourcesPath : where.appPath
  return join(base, 'native', `electron-v${where.abi}`, 'better_sqlite3.node')
}

/** Null when the binding is there; otherwise what to tell the user (the app cannot open its database). */
export function missingBindingMessage(path: string): string | null {
  if (existsSync(path)) return null
  return [
    `The SQLite driver built for this Electron version is missing:\n${path}`,
    'Build it with `npm run native:electron` (needs internet access to fetch Electron headers or a prebuild),',
    'or use the headless sandbox instead: `npm run serve`.',
  ].join('\n')
}
