// Builds the console's web build (dist-web/) when it is missing or older than the renderer sources,
// so `npm run serve` always serves the current screens without a slow build on every start.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { isStale } from './newest-mtime.mjs'

const root = resolve(import.meta.dirname, '..')
if (!existsSync(join(root, 'renderer', 'index.html'))) process.exit(0)
if (!isStale(join(root, 'dist-web', 'index.html'), [join(root, 'renderer'), join(root, 'shared')])) process.exit(0)
console.log('Building the console (dist-web/)…')
execFileSync(process.execPath, [join(root, 'scripts', 'build-web.mjs')], { cwd: root, stdio: 'inherit' })
