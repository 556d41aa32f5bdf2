import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { VERSION } from '../../electron/service'
import { consoleWebRoot } from '../../electron/cli/web-root'
// @ts-expect-error plain JavaScript build script without types
import { isStale } from '../../scripts/newest-mtime.mjs'

/** The npm package's contract (the packed install itself: test/http/packed-install.test.ts). */
const ROOT = resolve(__dirname, '../..')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; files: string[]; bin: Record<string, string>; scripts: Record<string, string> }

describe('the paydesk package', () => {
  it('reports the package version (paydesk --version, /healthz)', () => {
    expect(VERSION).toBe(pkg.version)
  })

  it('ships the launcher, the compiled CLI and the console build, and builds them before packing', () => {
    expect(pkg.bin['paydesk']).toBe('bin/paydesk.cjs')
    expect(pkg.files).toEqual(expect.arrayContaining(['bin/paydesk.cjs', 'dist-cli/', 'dist-web/']))
    expect(pkg.scripts['prepack']).toContain('scripts/build-cli.mjs')
    expect(pkg.scripts['prepack']).toContain('scripts/build-web.mjs')
  })

  it('finds the console build from the sources (electron/cli/) and from the compiled CLI (dist-cli/)', () => {
    const root = mkdtempSync(join(tmpdir(), 'paydesk-layout-'))
    try {
      mkdirSync(join(root, 'dist-web'))
      writeFileSync(join(root, 'dist-web', 'index.html'), '<!doctype html>')
      expect(consoleWebRoot(join(root, 'electron', 'cli'))).toBe(join(root, 'dist-web'))
      expect(consoleWebRoot(join(root, 'dist-cli'))).toBe(join(root, 'dist-web'))
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it('npm run serve and npm run scenario run the compiled CLI, rebuilt only when a source under a folder is newer than it', () => {
    expect(pkg.scripts['serve']).toMatch(/node scripts\/build-cli\.mjs --if-stale && node dist-cli\/paydesk\.cjs serve$/)
    expect(pkg.scripts['scenario']).toBe('node scripts/build-cli.mjs --if-stale && node dist-cli/paydesk.cjs scenario')
    const root = mkdtempSync(join(tmpdir(), 'paydesk-stale-'))
    const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds)
    try {
      mkdirSync(join(root, 'src', 'deep'), { recursive: true })
      writeFileSync(join(root, 'src', 'deep', 'a.ts'), '')
      writeFileSync(join(root, 'out.cjs'), '')
      at(join(root, 'src', 'deep', 'a.ts'), 1_000)
      at(join(root, 'out.cjs'), 2_000)
      const stale = (): boolean => isStale(join(root, 'out.cjs'), [join(root, 'src'), join(root, 'missing.json')])
      expect(stale()).toBe(false)
      at(join(root, 'src', 'deep', 'a.ts'), 3_000)
      expect(stale()).toBe(true)
      expect(isStale(join(root, 'never-built.cjs'), [join(root, 'src')])).toBe(true)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
