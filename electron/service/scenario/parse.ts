import { LineCounter, parseDocument, isNode, type Document } from 'yaml'
import type { z } from 'zod'

/** One problem in a scenario file, located for the person who has to fix it. */
export interface ScenarioProblem {
  file: string
  line: number | null
  column: number | null
  /** Dotted path of the field, e.g. `customers[1].status`; empty for the file as a whole. */
  field: string
  message: string
}

/** A scenario file that cannot be used; `message` lists every problem as `file:line:column field: message`. */
export class ScenarioFileError extends Error {
  readonly problems: ScenarioProblem[]
  constructor(problems: ScenarioProblem[]) {
    // In file order, as the person fixing them reads the file.
    const sorted = [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0))
    super(sorted.map(formatProblem).join('\n'))
    this.problems = sorted
    this.name = 'ScenarioFileError'
  }
}

export function formatProblem(p: ScenarioProblem): string {
  const where = p.line === null ? p.file : `${p.file}:${p.line}:${p.column ?? 1}`
  return `${where}${p.field ? ` ${p.field}` : ''}: ${p.message}`
}

function fieldName(path: readonly PropertyKey[]): string {
  let out = ''
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? String(part) : `.${String(part)}`
  return out
}

/** The line of the deepest node along `path` that exists (a missing field points at its parent). */
function locate(doc: Document, lines: LineCounter, path: readonly PropertyKey[]): { line: number; column: number } | null {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth) as unknown[], true)
    if (isNode(node) && node.range) {
      const pos = lines.linePos(node.range[0])
      return { line: pos.line, column: pos.col }
    }
  }
  return null
}

/**
 * A value matching none of a union's options (a step, an expectation) gets zod's bare "Invalid input".
 * Report instead the problems of the option it came closest to (fewest problems), with their full paths.
 */
function closestIssues(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue]
    // An option that refused the value's kind outright ("off" for an object) is not close; one that looked inside is.
    const lookedInside = issue.errors.filter((errors) => !(errors.length === 1 && errors[0]!.path.length === 0 && (errors[0]!.code === 'invalid_type' || errors[0]!.code === 'invalid_value')))
    const best = [...(lookedInside.length > 0 ? lookedInside : issue.errors)].sort((a, b) => a.length - b.length)[0]!
    if (best.length === 0) return [issue]
    return closestIssues(best.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })))
  })
}

/**
 * Parses a scenario (YAML or JSON: JSON is YAML, so one parser gives line numbers for both) and validates it
 * with `schema`. Throws ScenarioFileError naming the file, line and field of every problem.
 */
export function parseScenarioText<S extends z.ZodType>(text: string, file: string, schema: S): z.output<S> {
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true })
  if (doc.errors.length > 0) {
    throw new ScenarioFileError(doc.errors.map((error) => {
      const pos = lines.linePos(error.pos[0])
      return { file, line: pos.line, column: pos.col, field: '', message: error.message.split('\n')[0]! }
    }))
  }
  const value: unknown = doc.toJS({ maxAliasCount: 100 })
  const result = schema.safeParse(value ?? {})
  if (result.success) return result.data
  throw new ScenarioFileError(closestIssues(result.error.issues).map((issue) => {
    // A misspelt field: point at the field itself, not at the object holding it.
    const path = issue.code === 'unrecognized_keys' && issue.keys.length > 0 ? [...issue.path, issue.keys[0]!] : issue.path
    const pos = locate(doc, lines, path)
    return { file, line: pos?.line ?? null, column: pos?.column ?? null, field: fieldName(path), message: issue.message }
  }))
}

/** A problem found after parsing (while applying), located in the file by its field path. */
export function problemAt(text: string, file: string, path: readonly (string | number)[], message: string): ScenarioProblem {
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines })
  const pos = locate(doc, lines, path)
  return { file, line: pos?.line ?? null, column: pos?.column ?? null, field: fieldName(path), message }
}
