import { readdirSync, readFileSync } from 'node:fs'
import { join, posix, relative, resolve, sep } from 'node:path'
import { parse } from '@babel/parser'
import { describe, expect, it } from 'vitest'

// Rooms a newcomer reads (docs/contributing.md): a function fits on a screen (at most 70 lines) and a file
// holds one thing (at most 300 lines), in the product's Node, shared and console code (a React component
// is a function too). A longer one is split, or named below with the reason it reads better whole.

const ROOT = resolve(__dirname, '../..')
const CHECKED = ['electron', 'shared', 'renderer']
const MAX_FUNCTION_LINES = 70
const MAX_FILE_LINES = 300

/** `path` (a whole file) or `path#name` (one function): why it stays longer than the rule. */
export const SIZE_EXCEPTIONS: Readonly<Record<string, string>> = {}

export interface LongThing {
  where: string
  lines: number
}

/** Name of a function node: its own, or the variable, property or method it is assigned to. */
function nameOf(node: Record<string, unknown>, parentName: string | undefined): string {
  const id = node['id'] as { name?: string } | null | undefined
  const key = node['key'] as { name?: string; value?: string } | undefined
  return id?.name ?? key?.name ?? key?.value ?? parentName ?? '(anonymous)'
}

/** Functions longer than MAX_FUNCTION_LINES in one file's text (nested ones counted on their own too). */
export function longFunctions(path: string, text: string): LongThing[] {
  const ast = parse(text, { sourceType: 'module', plugins: ['typescript', ...(path.endsWith('x') ? ['jsx' as const] : [])] })
  const found: LongThing[] = []
  const visit = (node: unknown, parentName?: string): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach((child) => visit(child, parentName))
    const record = node as Record<string, unknown> & { type?: string; loc?: { start: { line: number }; end: { line: number } } }
    if (typeof record.type !== 'string') return
    let name = parentName
    if (record.type === 'VariableDeclarator') name = (record['id'] as { name?: string }).name ?? parentName
    if (record.type === 'ObjectProperty' || record.type === 'ClassProperty') name = nameOf(record, parentName)
    if (/Function|ObjectMethod|ClassMethod/.test(record.type) && record['body'] && record.loc) {
      name = nameOf(record, parentName)
      const lines = record.loc.end.line - record.loc.start.line + 1
      if (lines > MAX_FUNCTION_LINES) found.push({ where: `${path}#${name}`, lines })
    }
    for (const [key, child] of Object.entries(record)) if (key !== 'loc' && key !== 'start' && key !== 'end') visit(child, name)
  }
  visit(ast.program)
  return found
}

function sourceFiles(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) found.push(...sourceFiles(path))
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path)
  }
  return found
}

describe('code size (the rule itself)', () => {
  it('finds a long function by its own, variable, property or method name, nested ones too', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i}`).join('\n')
    const text = [
      `export function declared() {\n${body(70)}\n}`,
      `const assigned = () => {\n${body(80)}\n}`,
      `const table = { method() {\n${body(75)}\n}, short() { return 1 } }`,
      `function outer() {\n  function inner() {\n${body(71)}\n  }\n${body(2)}\n}`,
    ].join('\n')
    expect(longFunctions('x.ts', text).map((thing) => thing.where)).toEqual(['x.ts#declared', 'x.ts#assigned', 'x.ts#method', 'x.ts#outer', 'x.ts#inner'])
  })
})

describe('code size of this repository', () => {
  const files = CHECKED.flatMap(sourceFiles).map((path) => ({ path: relative(ROOT, join(ROOT, path)).split(sep).join(posix.sep), text: readFileSync(join(ROOT, path), 'utf8') }))

  it('scans the code (guards against a scan that silently finds nothing)', () => {
    expect(files.length).toBeGreaterThan(100)
    for (const dir of CHECKED) expect(files.filter((file) => file.path.startsWith(`${dir}/`)).length, dir).toBeGreaterThan(10)
  })

  it(`has no function over ${MAX_FUNCTION_LINES} lines that is not a named exception`, () => {
    const long = files.flatMap(({ path, text }) => longFunctions(path, text)).filter((thing) => !(thing.where in SIZE_EXCEPTIONS) && !(thing.where.split('#')[0]! in SIZE_EXCEPTIONS))
    expect(long).toEqual([])
  })

  it(`has no file over ${MAX_FILE_LINES} lines that is not a named exception`, () => {
    const long = files.map(({ path, text }) => ({ where: path, lines: text.split('\n').length })).filter((thing) => thing.lines > MAX_FILE_LINES && !(thing.where in SIZE_EXCEPTIONS))
    expect(long).toEqual([])
  })

  it('names no exception that is no longer needed', () => {
    const long = new Set(files.flatMap(({ path, text }) => [...longFunctions(path, text).map((thing) => thing.where), ...(text.split('\n').length > MAX_FILE_LINES ? [path] : [])]))
    const wholeFiles = new Set(files.map((file) => file.path))
    expect(Object.keys(SIZE_EXCEPTIONS).filter((where) => !long.has(where) && !(wholeFiles.has(where) && [...long].some((thing) => thing.startsWith(`${where}#`))))).toEqual([])
  })
})
