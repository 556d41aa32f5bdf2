// `npm start`: build the desktop app, make sure its two machine-specific pieces exist, then launch it.
//   1. electron-vite build (main, preload, renderer -> out/); needs no Electron binary.
//   2. The Electron binary. Electron 45 has no postinstall: the binary is fetched from github.com on first
//      use. We look for it WITHOUT require('electron'), because that require starts the download and
//      throws a stack trace when offline; we run the download ourselves and explain a failure instead.
//   3. better-sqlite3 built for Electron's ABI in native/electron-v<abi>/ (scripts/build-electron-sqlite.sh);
//      node_modules keeps the plain-Node build that tests and `npm run serve` use (docs/desktop.md).
//   4. Launch Electron on this folder (package.json "main" -> out/main/index.js).
// Flags: --skip-build (relaunch without building), --no-download (never fetch Electron; CI and tests).
// Anything after `--` goes to Electron.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = resolve(import.meta.dirname, '..')

class StartError extends Error {}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'))

/** Executable inside an Electron dist folder, per platform (as electron's own install.js names it). */
function executableName(platform) {
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron'
  return platform === 'win32' ? 'electron.exe' : 'electron'
}

/**
 * Path of the Electron executable, or null when it is not installed. Mirrors electron/index.js (path.txt
 * under node_modules/electron, dist/ or ELECTRON_OVERRIDE_DIST_PATH) without running it.
 */
export function electronBinary(projectRoot = root, env = process.env, platform = process.platform) {
  const packageDir = join(projectRoot, 'node_modules', 'electron')
  const pathTxt = join(packageDir, 'path.txt')
  const name = existsSync(pathTxt) ? readFileSync(pathTxt, 'utf8').trim() : env.ELECTRON_OVERRIDE_DIST_PATH ? executableName(platform) : null
  if (!name) return null
  const executable = join(env.ELECTRON_OVERRIDE_DIST_PATH || join(packageDir, 'dist'), name)
  return existsSync(executable) ? executable : null
}

/** The line of an installer's output that says why it failed (not the stack trace around it). */
export function downloadFailureCause(output) {
  const lines = output.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('at ') && line !== 'Downloading Electron binary...')
  return lines.find((line) => /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|fetch failed|HTTPError|certificate|proxy/i.test(line)) ?? lines[0] ?? 'no output'
}

/** What to tell someone whose machine has no Electron binary. */
export function missingElectronMessage(version, cause) {
  return [
    `Paydesk desktop cannot start: the Electron ${version} binary is not installed${cause ? ' and could not be downloaded' : ''}.`,
    '',
    cause
      ? `Electron downloads its binary (about 100 MB) from github.com on first use, and that failed\n(usually: no network route to github.com, or a proxy in the way):\n  ${cause}`
      : 'Electron downloads its binary (about 100 MB) from github.com on first use; downloading was turned off (--no-download).',
    '',
    'What you can do:',
    '  - With internet access: run `npx install-electron --no` once (or just `npm start` again).',
    `  - Offline: set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron ${version} folder, then \`npm start\`.`,
    '  - Without Electron: `npm run serve` runs the same engine headless, with the console in your browser.',
  ].join('\n')
}

function run(label, command, args) {
  console.log(`[start] ${label}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  return result.status === 0
}

function build() {
  if (!run('electron-vite build', process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'])) {
    throw new StartError('The build failed (see the messages above); nothing was launched.')
  }
}

function ensureElectron(allowDownload) {
  const version = readJson(join(root, 'node_modules/electron/package.json')).version
  const found = electronBinary()
  if (found) return found
  if (!allowDownload) throw new StartError(missingElectronMessage(version, null))
  console.log(`[start] Electron ${version} binary not installed; downloading it once (npx install-electron)…`)
  // Its output is kept: on failure it is a stack trace, and the user needs one line of it, not thirty.
  const result = spawnSync(process.execPath, [join(root, 'node_modules/electron/install.js')], { cwd: root, encoding: 'utf8', timeout: 10 * 60_000 })
  const installed = result.status === 0 ? electronBinary() : null
  if (installed) return installed
  throw new StartError(missingElectronMessage(version, downloadFailureCause(`${result.stderr ?? ''}\n${result.stdout ?? ''}\n${result.error?.message ?? ''}`)))
}

function ensureNativeBinding() {
  const abi = readFileSync(join(root, 'node_modules/electron/abi_version'), 'utf8').trim()
  const dir = join(root, 'native', `electron-v${abi}`)
  const expected = `electron ${readJson(join(root, 'node_modules/electron/package.json')).version}\nbetter-sqlite3 ${readJson(join(root, 'node_modules/better-sqlite3/package.json')).version}\n`
  const binary = join(dir, 'better_sqlite3.node')
  const stamp = join(dir, 'VERSION')
  if (existsSync(binary) && (!existsSync(stamp) || readFileSync(stamp, 'utf8') === expected)) return
  const why = existsSync(binary) ? 'is stale (Electron or better-sqlite3 was upgraded)' : 'is missing'
  if (!run(`SQLite driver for Electron (ABI ${abi}) ${why}: scripts/build-electron-sqlite.sh`, 'bash', [join(root, 'scripts/build-electron-sqlite.sh')])) {
    throw new StartError(`The SQLite driver for Electron could not be built (see above), so the app could not open its database.\nThe headless sandbox needs no such build: \`npm run serve\`.`)
  }
}

function launch(executable, extraArgs) {
  const args = [root, ...extraArgs]
  // Chromium refuses to run as root unless its own sandbox is off; say so rather than fail obscurely.
  if (process.platform === 'linux' && process.getuid?.() === 0) {
    console.warn('[start] running as root: passing --no-sandbox to Electron (Chromium refuses root otherwise). Run as a normal user to keep its OS sandbox.')
    args.push('--no-sandbox')
  }
  const env = { ...process.env }
  delete env.ELECTRON_RUN_AS_NODE // would make the binary behave as plain Node
  console.log(`[start] launching ${executable}`)
  const child = spawn(executable, args, { cwd: root, stdio: 'inherit', env })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

function main(argv) {
  const split = argv.indexOf('--')
  const own = split === -1 ? argv : argv.slice(0, split)
  const extra = split === -1 ? [] : argv.slice(split + 1)
  const unknown = own.filter((arg) => arg !== '--skip-build' && arg !== '--no-download')
  if (unknown.length > 0) throw new StartError(`Unknown option ${unknown[0]}. Options: --skip-build, --no-download, -- <electron args>.`)
  if (!own.includes('--skip-build')) build()
  const executable = ensureElectron(!own.includes('--no-download'))
  ensureNativeBinding()
  launch(executable, extra)
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href
if (invokedDirectly) {
  try {
    main(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof StartError)) throw error
    console.error(`\n${error.message}`)
    process.exit(1)
  }
}
