import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, posix, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

// The typed host boundary (issue 15): hosts reach the engine only through PaydeskService (the route table,
// submit/call, tick, onEvent, startup) and never through its store or engine. Those are for tests only,
// through electron/service/test-access.ts, which nothing but createService and test/ may import.

const ROOT = resolve(__dirname, '../..')
const TEST_ACCESS = 'electron/service/test-access'
const ALLOWED = (path: string) => path === 'electron/service/index.ts' || path.startsWith('test/')

/** Relative module specifiers a file imports, re-exports, requires or imports dynamically. */
function specifiersOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|\b(?:import|require)\s*\(\s*|^\s*import\s+)['"](\.[^'"]+)['"]/gm)].map((match) => match[1]!)
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path)
    return /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry.name) ? [path] : []
  })
}

/** Files outside createService and test/ that import test-access.ts. */
export function testAccessViolations(files: Array<{ path: string; text: string }>): string[] {
  return files.flatMap(({ path, text }) => specifiersOf(text)
    .filter((specifier) => relative(ROOT, resolve(ROOT, dirname(path), specifier)).split(sep).join(posix.sep).replace(/\.ts$/, '') === TEST_ACCESS)
    .filter(() => !ALLOWED(path))
    .map((specifier) => `${path} imports '${specifier}': hosts never reach into the engine (use the route table)`))
}

describe('host boundary', () => {
  it('only createService and tests import electron/service/test-access.ts', () => {
    const files = ['electron', 'scripts', 'bin', 'shared', 'renderer'].flatMap(sourceFiles).map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }))
    expect(files.length).toBeGreaterThan(50)
    expect(testAccessViolations(files)).toEqual([])
  })

  it('the rule catches a host that reaches in', () => {
    expect(testAccessViolations([
      { path: 'electron/cli/index.ts', text: "import { engineInternals } from '../service/test-access'" },
      { path: 'electron/main/index.ts', text: "import type { EngineInternals } from '../service/test-access.ts'" },
      { path: 'electron/cli/commands/x.ts', text: "const { engineInternals } = await import('../../service/test-access')" },
      { path: 'electron/service/http/server.ts', text: "import { store } from './store' // not test-access" },
      { path: 'test/support/harness.ts', text: "import { engineInternals } from '../../electron/service/test-access'" },
    ])).toHaveLength(3)
  })
})
