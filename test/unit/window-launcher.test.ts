import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// `npm start` (scripts/start-desktop.mjs) on a machine without the Electron binary, like CI: it must stop
// with an explanation and a way forward, never a stack trace, and never download anything in a test.

const ROOT = resolve(__dirname, '../..')
const SCRIPT = join(ROOT, 'scripts/start-desktop.mjs')

interface Launcher {
  electronBinary(projectRoot?: string, env?: Record<string, string | undefined>, platform?: string): string | null
  downloadFailureCause(output: string): string
  missingElectronMessage(version: string, cause: string | null): string
}

let launcher: Launcher
let scratch: string
beforeAll(async () => {
  launcher = (await import(pathToFileURL(SCRIPT).href)) as Launcher
  scratch = mkdtempSync(join(tmpdir(), 'paydesk-launcher-'))
})
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function start(args: string[]) {
  // An empty override folder hides any Electron a developer may have installed, so the outcome is the same everywhere.
  const emptyDist = join(scratch, 'no-electron')
  mkdirSync(emptyDist, { recursive: true })
  const result = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: emptyDist } })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('npm start without an Electron binary', () => {
  it('stops with exit code 1 and explains what to do, without a stack trace', () => {
    const result = start(['--skip-build', '--no-download'])
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/Paydesk desktop cannot start: the Electron \d+\.\d+\.\d+ binary is not installed/)
    expect(result.stderr).toContain('npx install-electron --no')
    expect(result.stderr).toContain('ELECTRON_OVERRIDE_DIST_PATH')
    expect(result.stderr).toContain('npm run serve')
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m)
    expect(result.stdout).not.toContain('launching')
  })

  it('refuses an unknown option clearly', () => {
    const result = start(['--skip-bulid'])
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Unknown option --skip-bulid')
  })

  it('turns the downloader\'s stack trace into its one meaningful line', () => {
    const offline = [
      'Downloading Electron binary...',
      'TypeError: fetch failed',
      '    at node:internal/deps/undici/undici:14976:13',
      '    at async FetchDownloader.download (file:///x/node_modules/@electron/get/dist/FetchDownloader.js:46:30)',
    ].join('\n')
    expect(launcher.downloadFailureCause(offline)).toBe('TypeError: fetch failed')
    expect(launcher.downloadFailureCause('RequestError: something\n  at x (y.js:1:1)\nError: getaddrinfo ENOTFOUND github.com')).toBe('Error: getaddrinfo ENOTFOUND github.com')
    const message = launcher.missingElectronMessage('45.4.1', 'TypeError: fetch failed')
    expect(message).toContain('could not be downloaded')
    expect(message).toContain('  TypeError: fetch failed')
  })
})

describe('finding the Electron binary without loading the electron package', () => {
  function fakeProject(name: string, files: Record<string, string>): string {
    const project = join(scratch, name)
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(project, path, '..'), { recursive: true })
      writeFileSync(join(project, path), text)
    }
    return project
  }

  it('reads node_modules/electron/path.txt and finds the executable under dist/', () => {
    const project = fakeProject('installed', { 'node_modules/electron/path.txt': 'electron', 'node_modules/electron/dist/electron': '' })
    expect(launcher.electronBinary(project, {}, 'linux')).toBe(join(project, 'node_modules/electron/dist/electron'))
  })

  it('answers null when path.txt or the executable is missing (a fresh install of Electron 45)', () => {
    expect(launcher.electronBinary(fakeProject('fresh', { 'node_modules/electron/package.json': '{}' }), {}, 'linux')).toBeNull()
    expect(launcher.electronBinary(fakeProject('half', { 'node_modules/electron/path.txt': 'electron' }), {}, 'linux')).toBeNull()
  })

  it('honours ELECTRON_OVERRIDE_DIST_PATH like electron itself does', () => {
    const project = fakeProject('override', { 'node_modules/electron/package.json': '{}' })
    const dist = join(scratch, 'unpacked-electron')
    mkdirSync(dist, { recursive: true })
    writeFileSync(join(dist, 'electron.exe'), '')
    expect(launcher.electronBinary(project, { ELECTRON_OVERRIDE_DIST_PATH: dist }, 'win32')).toBe(join(dist, 'electron.exe'))
    expect(launcher.electronBinary(project, { ELECTRON_OVERRIDE_DIST_PATH: dist }, 'linux')).toBeNull()
  })
})
