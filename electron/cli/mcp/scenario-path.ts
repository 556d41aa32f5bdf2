import { closeSync, fstatSync, openSync, readSync, realpathSync, constants } from 'node:fs'
import { isAbsolute, relative, resolve, sep } from 'node:path'

/** The largest scenario file run_scenario reads by path (the text argument has the same bound). */
export const SCENARIO_FILE_MAX_BYTES = 1024 * 1024

/** Why a path is refused, as the tool error's text. */
export class ScenarioPathError extends Error {}

function within(folder: string, path: string): boolean {
  const rel = relative(folder, path)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

/**
 * A scenario file named by an assistant: a regular file (no device, FIFO or folder: `/dev/zero` never
 * ends), at most 1 MiB, inside `folder` (the working folder unless `paydesk mcp --scenario-folder` names
 * another) after links are followed. Read through one descriptor, so the file checked is the file read, and
 * never past the bound even if it grows meanwhile.
 */
export function readScenarioPath(path: string, folder: string): string {
  const root = realpathSync(folder)
  let real: string
  try {
    real = realpathSync(resolve(root, path))
  } catch {
    throw new ScenarioPathError(`${path}: no such file`)
  }
  if (!within(root, real)) throw new ScenarioPathError(`${path} is outside ${root}; run_scenario reads files there only (paydesk mcp --scenario-folder <dir> names another folder)`)
  const fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) throw new ScenarioPathError(`${path} is not a regular file`)
    if (stat.size > SCENARIO_FILE_MAX_BYTES) throw new ScenarioPathError(`${path} is ${stat.size} bytes; a scenario file is at most ${SCENARIO_FILE_MAX_BYTES} (1 MiB)`)
    const buffer = Buffer.alloc(SCENARIO_FILE_MAX_BYTES + 1)
    let length = 0
    for (let read = -1; read !== 0 && length < buffer.length;) {
      read = readSync(fd, buffer, length, buffer.length - length, null)
      length += read
    }
    if (length > SCENARIO_FILE_MAX_BYTES) throw new ScenarioPathError(`${path} is over ${SCENARIO_FILE_MAX_BYTES} bytes (1 MiB)`)
    return buffer.toString('utf8', 0, length)
  } finally {
    closeSync(fd)
  }
}
