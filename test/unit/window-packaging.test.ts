import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// electron-builder is never run here (it needs the network, and its default rebuild would break
// node_modules/better-sqlite3), so its configuration is checked as text: the settings that protect the
// test setup and ship the native driver must not drift.

const ROOT = resolve(__dirname, '../..')
const config = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')
const abi = readFileSync(join(ROOT, 'node_modules/electron/abi_version'), 'utf8').trim()
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main?: string; type?: string }

describe('desktop packaging configuration', () => {
  it('never rebuilds node_modules in place', () => {
    expect(config).toMatch(/^npmRebuild:\s*false\s*$/m)
  })

  it('ships the Electron-ABI SQLite driver for the installed Electron where the main process looks for it', () => {
    expect(config).toContain(`from: native/electron-v${abi}`)
    expect(config).toContain(`to: native/electron-v${abi}`)
    expect(config).toMatch(/^\s+- better_sqlite3\.node$/m)
  })

  it('names the app and builds AppImage + deb, NSIS and DMG', () => {
    expect(config).toMatch(/^appId:\s*com\.paydesk\.app$/m)
    expect(config).toMatch(/^productName:\s*Paydesk$/m)
    for (const target of ['AppImage', 'deb', 'nsis', 'dmg']) expect(config).toMatch(new RegExp(`^\\s+- ${target}$`, 'm'))
  })

  it('packs the electron-vite output, which package.json "main" points at, as CommonJS (sandboxed preload)', () => {
    expect(config).toMatch(/^\s+- out\/\*\*\/\*$/m)
    expect(packageJson.main).toBe('./out/main/index.js')
    expect(packageJson.type).toBeUndefined()
  })
})
