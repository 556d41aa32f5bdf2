import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** Executable inside an Electron dist folder, per platform (as electron's own install.js names it). */
function executableName(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron'
  return platform === 'win32' ? 'electron.exe' : 'electron'
}

/**
 * Path of the Electron executable, or null. Never `require('electron')` to find out: since Electron 42 that
 * require downloads the binary and throws "Electron failed to install correctly" offline (toolchain §5).
 * Same lookup as scripts/start-desktop.mjs: path.txt + dist/ under node_modules/electron, or
 * ELECTRON_OVERRIDE_DIST_PATH (which electron itself honours).
 */
export function electronBinary(): string | null {
  let packageDir: string
  try {
    packageDir = dirname(require.resolve('electron/package.json'))
  } catch {
    return null
  }
  const pathTxt = join(packageDir, 'path.txt')
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH']
  const name = existsSync(pathTxt) ? readFileSync(pathTxt, 'utf8').trim() : override ? executableName(process.platform) : null
  if (!name) return null
  const executable = join(override || join(packageDir, 'dist'), name)
  return existsSync(executable) ? executable : null
}

export const ELECTRON_SKIP_REASON =
  'Electron binary not installed (node_modules/electron/path.txt or dist/ missing, no ELECTRON_OVERRIDE_DIST_PATH). ' +
  'It cannot be downloaded on CI (no network beyond npm and apt); on a dev machine run `npx install-electron --no`.'
