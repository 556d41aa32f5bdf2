import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

/**
 * The console's web build: `dist-web/` at the package root. From source that is two folders above
 * electron/cli/; from the compiled CLI of the npm package (dist-cli/paydesk.cjs) it is one.
 */
export function consoleWebRoot(from: string = __dirname): string {
  const candidates = [resolve(from, '../dist-web'), resolve(from, '../../dist-web')]
  return candidates.find((candidate) => existsSync(join(candidate, 'index.html'))) ?? candidates[1]!
}
