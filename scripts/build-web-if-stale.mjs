// Builds the console's web build (dist-web/) when it is missing or older than the renderer sources,
// so `npm run serve` always serves the current screens without a slow build on every start.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const out = join(root, 'dist-web', 'index.html')
if (!existsSync(join(root, 'renderer', 'index.html'))) process.exit(0)

function newest(dir) {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }
  return latest
}

const sources = Math.max(newest(join(root, 'renderer')), newest(join(root, 'shared')))
if (existsSync(out) && statSync(out).mtimeMs >= sources) process.exit(0)
console.log('Building the console (dist-web/)…')
execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'vite.web.config.mts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
