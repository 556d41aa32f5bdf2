// When a build output is stale: the newest modification time among source files and folders (recursively).
// Shared by build-web-if-stale.mjs and build-cli.mjs --if-stale.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The newest mtime (ms) of the given files and of every file under the given folders; 0 for missing paths. */
export function newestMtime(paths) {
  let latest = 0
  for (const path of paths) {
    if (!existsSync(path)) continue
    const stat = statSync(path)
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs)
      continue
    }
    latest = Math.max(latest, newestMtime(readdirSync(path).map((name) => join(path, name))))
  }
  return latest
}

/** True when `output` is missing or older than any of `sources`. */
export function isStale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newestMtime(sources)
}
