// Builds the console's web build into dist-web/ without a moment where it is missing: Vite writes a fresh
// folder beside it, which then takes dist-web's place by rename. A server already serving dist-web (`npm run
// serve`, the browser tests' sandbox) keeps answering while `npm pack` or a rebuild runs.
import { execFileSync } from 'node:child_process'
import { existsSync, renameSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const target = join(root, 'dist-web')
const next = join(root, `dist-web.next-${process.pid}`)
const old = join(root, `dist-web.old-${process.pid}`)
try {
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'vite.web.config.mts', '--outDir', next, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
  if (existsSync(target)) renameSync(target, old)
  renameSync(next, target)
} finally {
  rmSync(next, { recursive: true, force: true })
  rmSync(old, { recursive: true, force: true })
}
