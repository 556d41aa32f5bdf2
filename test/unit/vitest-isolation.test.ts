import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ALONE, ISOLATED } from '../support/test-groups'

/**
 * Most test files share their worker's module cache (vitest.config.mts, `isolate: false`). A file that
 * replaces a module, a global, the timers or a method of a shared object would leak that into the files after
 * it: it must be listed in ISOLATED (or ALONE), where each file gets a fresh module cache.
 */
const ROOT = resolve(__dirname, '../..')
const REPLACES = /\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal|resetModules|useFakeTimers)\b/

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('test isolation', () => {
  const files = ['test/unit', 'test/service', 'test/http'].flatMap(testFiles).map((file) => relative(ROOT, join(ROOT, file)))

  it('runs every file that replaces a module, global, timer or shared method in a fresh module cache', () => {
    const replacing = files.filter((file) => REPLACES.test(readFileSync(join(ROOT, file), 'utf8')))
    expect(replacing.length).toBeGreaterThan(0)
    expect(replacing.filter((file) => !ISOLATED.includes(file) && !ALONE.includes(file))).toEqual([])
  })

  it('lists only files that exist', () => {
    expect([...ISOLATED, ...ALONE].filter((file) => !existsSync(join(ROOT, file)))).toEqual([])
  })
})
