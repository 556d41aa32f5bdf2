import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Supply chain: production dependencies ship inside the app and run with the user's rights, so they are
 * few, pinned to exact versions (the lockfile resolves exactly that version), and each one is justified
 * in docs/security.md "Production dependencies". Adding one means adding its row there.
 */
const ROOT = resolve(__dirname, '../..')
const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
const lock = JSON.parse(readFileSync(resolve(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> }
const doc = readFileSync(resolve(ROOT, 'docs/security.md'), 'utf8')
const MAX_PRODUCTION_DEPENDENCIES = 10

/** Rows of the table under "## Production dependencies": | `name` | version | why | */
function justified(): Map<string, { version: string; why: string }> {
  const section = doc.split(/^## Production dependencies\s*$/m)[1]?.split(/^## /m)[0] ?? ''
  const rows = new Map<string, { version: string; why: string }>()
  for (const match of section.matchAll(/^\|\s*`([^`]+)`\s*\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|\s*$/gm)) rows.set(match[1]!, { version: match[2]!, why: match[3]! })
  return rows
}

const dependencies = Object.entries(pkg.dependencies)

describe('production dependencies', () => {
  it(`are few (at most ${MAX_PRODUCTION_DEPENDENCIES})`, () => {
    expect(dependencies.length).toBeLessThanOrEqual(MAX_PRODUCTION_DEPENDENCIES)
  })

  it.each(dependencies)('%s is pinned to an exact version that the lockfile resolves', (name, version) => {
    expect(version, `${name}: use an exact version, not a range`).toMatch(/^\d+\.\d+\.\d+$/)
    expect(lock.packages[`node_modules/${name}`]?.version, `package-lock.json resolves ${name}`).toBe(version)
  })

  it.each(dependencies)('%s is justified in docs/security.md with its pinned version', (name, version) => {
    const row = justified().get(name)
    expect(row, `add a row | \`${name}\` | ${version} | why it is needed | to docs/security.md "Production dependencies"`).toBeDefined()
    expect(row!.version).toBe(version)
    expect(row!.why.length, `${name}: say why it is needed and what it may do`).toBeGreaterThanOrEqual(40)
  })

  it('docs/security.md lists no dependency the project no longer has', () => {
    expect([...justified().keys()].filter((name) => !(name in pkg.dependencies))).toEqual([])
  })
})
