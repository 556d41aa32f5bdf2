import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, posix, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LAYERS, NEVER, PRODUCT, rowOf, type LayerRow } from '../support/layers'

// Layers are folders named by where their code may run, and imports flow one way (docs/contributing.md
// "Rooms and layers"). This test reads the source text and holds every product file to the allow-list
// of test/support/layers.ts:
// - every file of electron/, shared/ and renderer/ belongs to a row; a folder with no row fails;
// - a relative import lands in the file's own row, a row it `may` import, or (import type) a `typeOnly`
//   row; shared/ is open to every electron/ row;
// - packages by runtime: only electron/main/index.ts and electron/preload load 'electron' at runtime;
//   browser and everywhere rows never load Node built-ins or better-sqlite3;
// - scripts/ and bin/ are hosts too: of the engine they import only electron/service/index.ts;
// - the rows themselves form no circle, and neither do the files (type imports included).
// `import { type A } from 'electron'` counts as a runtime import: only `import type` is erased for sure.

const ROOT = resolve(__dirname, '../..')
const SCANNED = ['electron', 'shared', 'renderer', 'scripts', 'test', 'bin']
const SKIPPED = new Set(['node_modules', 'out', 'dist', 'dist-web', 'dist-cli', 'release'])
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/
const ENGINE = 'electron/service'

export interface ImportRef {
  specifier: string
  typeOnly: boolean
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

/** Every module a source file imports, re-exports, requires or imports dynamically. */
export function importsOf(text: string): ImportRef[] {
  const code = stripComments(text)
  const found: ImportRef[] = []
  const patterns: Array<[RegExp, (match: RegExpExecArray) => ImportRef]> = [
    [/\b(import|export)\s+(type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"]+)['"]/g, (m) => ({ specifier: m[3]!, typeOnly: m[2] !== undefined })],
    [/\b(?:require|import)\s*\(\s*['"]([^'"]+)['"]\s*\)/g, (m) => ({ specifier: m[1]!, typeOnly: false })],
  ]
  for (const [pattern, toRef] of patterns) for (const match of code.matchAll(pattern)) found.push(toRef(match))
  return found
}

const isElectron = (specifier: string) => specifier === 'electron' || specifier.startsWith('electron/')
const NODE_BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')))
const isNodeOnly = (specifier: string) =>
  specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]!) || specifier === 'better-sqlite3' || specifier.startsWith('better-sqlite3/')
const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`)

/** The file a relative import lands on (posix, root-relative, with its extension when the text gave none), or null for packages. */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  const path = relative(ROOT, resolve(ROOT, dirname(file), specifier)).split(sep).join(posix.sep)
  return /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/.test(path) ? path.replace(/\.js$/, '.ts') : path
}

/** The row an import target belongs to: a module without extension is looked up as `.ts`, then as a folder's index. */
function rowOfTarget(to: string): LayerRow | undefined {
  return rowOf(to) ?? rowOf(`${to}.ts`) ?? rowOf(`${to}/index.ts`)
}

function packageViolation(path: string, row: LayerRow, specifier: string, typeOnly: boolean): string | null {
  if (typeOnly) return null
  if (isElectron(specifier)) {
    if (row.runtime !== 'electron') return `only electron/main and electron/preload may import 'electron' at runtime (use \`import type\`)`
    if (within(path, 'electron/main') && path !== 'electron/main/index.ts') return "in electron/main only index.ts imports 'electron' at runtime, so the other modules stay testable under Node"
  }
  if ((row.runtime === 'browser' || row.runtime === 'everywhere') && isNodeOnly(specifier)) {
    return `${row.folder}/ runs in the browser too; Node built-ins and better-sqlite3 are not there`
  }
  return null
}

/** The room of an `apart` row a path is in: the first folder below the row's own. */
const roomOf = (row: LayerRow, path: string) => path.slice(row.folder.length + 1).split('/')[0]

function importViolation(row: LayerRow, from: string, to: string, typeOnly: boolean): string | null {
  const into = rowOfTarget(to)
  if (!into) return within(to, 'shared') || within(to, 'electron') || within(to, 'renderer') ? `${to} belongs to no row` : `${row.folder} may not import ${to} (outside the product)`
  if (into === row && row.apart && roomOf(row, from) !== roomOf(row, to)) return `${row.folder}/${roomOf(row, from)} may not import ${row.folder}/${roomOf(row, to)} (${row.why}: move what both use to a row below)`
  if (into === row) return null
  if (into.folder === 'shared' && row.folder !== 'shared' && row.runtime !== 'browser') return null
  if (row.may.includes(into.folder)) return null
  const never = NEVER[row.folder]?.some((file) => to === file || `${to}.ts` === file)
  if (typeOnly && !never && row.typeOnly?.includes(into.folder)) return null
  return `${row.folder} may not import ${into.folder} (${row.why}; allowed: ${[...row.may, ...(row.typeOnly ?? []).map((f) => `type ${f}`)].join(', ') || 'nothing else'})`
}

/** A host outside the product (scripts/, bin/) reaches the engine through its door only. */
function hostViolation(path: string, to: string): string | null {
  if (!within(path, 'scripts') && !within(path, 'bin')) return null
  if (!within(to, ENGINE)) return null
  return to === ENGINE || to === `${ENGINE}/index` || to === `${ENGINE}/index.ts` ? null : 'scripts/ and bin/ import the engine through electron/service/index.ts only'
}

/** The rules, over files given as root-relative posix paths with their text. Returns readable violations. */
export function layeringViolations(files: Array<{ path: string; text: string }>): string[] {
  const violations: string[] = []
  for (const { path, text } of files) {
    const found = PRODUCT.some((layer) => within(path, layer)) ? rowOf(path) : undefined
    const row = found?.filesOnly && path.slice(found.folder.length + 1).includes('/') ? undefined : found
    if (PRODUCT.some((layer) => within(path, layer)) && !row) {
      violations.push(`${path}: its folder has no row in test/support/layers.ts (place the new room in the layers)`)
      continue
    }
    for (const { specifier, typeOnly } of importsOf(text)) {
      const to = target(path, specifier)
      const say = (why: string | null) => why && violations.push(`${path} imports '${specifier}': ${why}`)
      if (row) say(packageViolation(path, row, specifier, typeOnly))
      if (row && to) say(importViolation(row, path, to, typeOnly))
      if (to) say(hostViolation(path, to))
    }
  }
  return violations
}

/** Circles in a graph given as adjacency lists (Tarjan's strongly connected components of more than one node, or a self-loop). */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0
  const stack: string[] = []
  const onStack = new Set<string>()
  const indexOf = new Map<string, number>()
  const low = new Map<string, number>()
  const found: string[][] = []
  const visit = (node: string) => {
    indexOf.set(node, index)
    low.set(node, index++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!))
    }
    if (low.get(node) !== indexOf.get(node)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort())
  }
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node)
  return found
}

function sourceFiles(dir: string): string[] {
  const found: string[] = []
  let entries
  try {
    entries = readdirSync(join(ROOT, dir), { withFileTypes: true })
  } catch {
    return found
  }
  for (const entry of entries) {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory() && !SKIPPED.has(entry.name)) found.push(...sourceFiles(path))
    else if (entry.isFile() && SOURCE.test(entry.name)) found.push(path)
  }
  return found
}

describe('layering check (the rule itself)', () => {
  const offenders = (files: Array<{ path: string; text: string }>) => layeringViolations(files).map((line) => line.split(/:? /)[0])

  it('reads static, type-only, side-effect, re-export, require and dynamic imports, and ignores comments', () => {
    const text = [
      "import type { App } from 'electron'",
      "import { app, type BrowserWindow } from 'electron'",
      "import {\n  readFileSync,\n} from 'node:fs'",
      "import './side-effect'",
      "export { x } from '../shared/x'",
      "export type { Y } from './y'",
      "const db = require('better-sqlite3')",
      "const lazy = await import('electron/main')",
      "// import { shell } from 'electron'",
      "/* require('node:child_process') */",
      "const url = 'http://example.com' // not a comment start inside the string",
    ].join('\n')
    expect(importsOf(text)).toEqual([
      { specifier: 'electron', typeOnly: true },
      { specifier: 'electron', typeOnly: false },
      { specifier: 'node:fs', typeOnly: false },
      { specifier: './side-effect', typeOnly: false },
      { specifier: '../shared/x', typeOnly: false },
      { specifier: './y', typeOnly: true },
      { specifier: 'better-sqlite3', typeOnly: false },
      { specifier: 'electron/main', typeOnly: false },
    ])
  })

  it('flags each forbidden package and host import and lets the allowed ones through', () => {
    expect(offenders([
      { path: 'electron/service/core/x.ts', text: "import { app } from 'electron'" },
      { path: 'electron/service/core/y.ts', text: "import type { App } from 'electron'" },
      { path: 'electron/service/core/z.ts', text: "import { start } from '../../main/index'" },
      { path: 'electron/main/ipc-handler.ts', text: "import { ipcMain } from 'electron'" },
      { path: 'electron/main/index.ts', text: "import { app } from 'electron'" },
      { path: 'electron/preload/index.ts', text: "import { contextBridge } from 'electron'" },
      { path: 'renderer/src/a.ts', text: "import { readFileSync } from 'node:fs'" },
      { path: 'renderer/src/b.ts', text: "import { EventEmitter } from 'events'" },
      { path: 'renderer/src/c.ts', text: "import Database from 'better-sqlite3'" },
      { path: 'renderer/src/d.ts', text: "import { createService } from '../../electron/service'" },
      { path: 'renderer/src/e.ts', text: "import { main } from '../../electron/cli/index'" },
      { path: 'renderer/src/f.ts', text: "import type { PaydeskBridge } from '../../shared/api/bridge'" },
      { path: 'shared/g.ts', text: "import { createHash } from 'node:crypto'" },
      { path: 'shared/h.ts', text: "import { App } from '../renderer/src/app'" },
    ])).toEqual([
      'electron/service/core/x.ts', 'electron/service/core/z.ts', 'electron/main/ipc-handler.ts',
      'renderer/src/a.ts', 'renderer/src/b.ts', 'renderer/src/c.ts', 'renderer/src/d.ts', 'renderer/src/e.ts',
      'shared/g.ts', 'shared/h.ts',
    ])
  })

  it('a file whose folder has no row fails, in the engine and in the hosts', () => {
    expect(offenders([
      { path: 'electron/service/loose.ts', text: '' },
      { path: 'electron/service/newroom/a.ts', text: '' },
      { path: 'electron/other/b.ts', text: '' },
      { path: 'electron/service/core/unit.ts', text: '' },
    ])).toEqual(['electron/service/loose.ts', 'electron/service/newroom/a.ts', 'electron/other/b.ts'])
  })

  it('hosts import the engine through its door only (electron/service/index.ts)', () => {
    expect(offenders([
      { path: 'electron/cli/index.ts', text: "import { createService } from '../service'" },
      { path: 'electron/cli/commands/x.ts', text: "import { createService } from '../../service/index'" },
      { path: 'electron/cli/commands/y.ts', text: "import { runDoctor } from '../../service/doctor/run'" },
      { path: 'electron/main/ipc-handler.ts', text: "import { errorResponse } from '../service/pipeline/error-response'" },
      { path: 'electron/http/server.ts', text: "import { randomRequestId } from '../service/core/ids'" },
      { path: 'electron/cli/index.ts', text: "import { engineInternals } from '../service/test-access'" },
      { path: 'electron/main/http-host.ts', text: "import { startHttpServer } from '../http/server'" },
      { path: 'electron/http/z.ts', text: "import { startDesktopHttp } from '../main/http-host'" },
      { path: 'scripts/a.ts', text: "import { createService } from '../electron/service'" },
      { path: 'scripts/b.ts', text: "import { ROUTES } from '../electron/service/pipeline/steps'" },
      { path: 'test/support/harness.ts', text: "import { engineInternals } from '../../electron/service/test-access'" },
    ])).toEqual(['electron/cli/commands/y.ts', 'electron/main/ipc-handler.ts', 'electron/http/server.ts', 'electron/cli/index.ts', 'electron/http/z.ts', 'scripts/b.ts'])
  })
})

describe('layering inside the engine (the rule itself)', () => {
  const offenders = (files: Array<{ path: string; text: string }>) => layeringViolations(files).map((line) => line.split(' ')[0])

  it('db/ imports only db/ (its caches and migrations) and shared/; a migration only its siblings', () => {
    expect(offenders([
      { path: 'electron/service/db/a-repo.ts', text: "import type { Db } from './connection'\nimport type { X } from './rows'\nimport { CURRENCY } from '../../../shared/money'\nimport Database from 'better-sqlite3'\nimport { createPageCache } from './cache/page-cache'" },
      { path: 'electron/service/db/b-repo.ts', text: "import type { Posting } from '../ledger/postings'" },
      { path: 'electron/service/db/c-repo.ts', text: "import { toTransaction } from '../views/transaction'" },
      { path: 'electron/service/db/migrations/008-x.ts', text: "import { SQL } from './001-initial'" },
      { path: 'electron/service/db/migrations/009-y.ts', text: "import { deliveryOrigin } from '../../webhooks/origin'" },
      { path: 'electron/service/db/migrations/010-z.ts', text: "import type { TransactionRow } from '../rows'" },
      { path: 'electron/service/db/cache/w.ts', text: "import type { Db } from '../connection'" },
    ])).toEqual(['electron/service/db/b-repo.ts', 'electron/service/db/c-repo.ts', 'electron/service/db/migrations/009-y.ts', 'electron/service/db/migrations/010-z.ts', 'electron/service/db/cache/w.ts'])
  })

  it('views/ imports shared/, domain/, views/ and row types only: never the store, never a runtime db/ module', () => {
    expect(offenders([
      { path: 'electron/service/views/a.ts', text: "import type { TransactionRow } from '../db/rows'\nimport type { WebhookEventRow } from '../db/webhooks-repo'\nimport { toBalance } from './account'\nimport type { Balance } from '../../../shared/schemas/account'" },
      { path: 'electron/service/views/b.ts', text: "import type { Store } from '../db/store'" },
      { path: 'electron/service/views/c.ts', text: "import { TRANSACTION_VIEW_COLUMNS } from '../db/rows'" },
      { path: 'electron/service/views/d.ts', text: "import type { OperationContext } from '../operations/types'" },
      { path: 'electron/service/views/e.ts', text: "import { planDueAt } from '../lifecycle/plan'" },
    ])).toEqual(['electron/service/views/b.ts', 'electron/service/views/c.ts', 'electron/service/views/d.ts', 'electron/service/views/e.ts'])
  })

  it('nothing runs back up: ledger/ and lifecycle/ never import operations/, pipeline/ or the simulator; the fault lab never signs', () => {
    expect(offenders([
      { path: 'electron/service/ledger/move-money.ts', text: "import { toBalance } from '../views/account'\nimport { enqueueWebhookEvent } from '../outbox/outbox'" },
      { path: 'electron/service/ledger/x.ts', text: "import { toBalance } from '../operations/support/views'" },
      { path: 'electron/service/lifecycle/settle.ts', text: "import { moveMoney } from '../ledger/move-money'\nimport { settlementDelayMs } from './simulator-settings'" },
      { path: 'electron/service/lifecycle/y.ts', text: "import { acceptPending } from '../operations/support/accept'" },
      { path: 'electron/service/lifecycle/z.ts', text: "import { tick } from '../simulator'" },
      { path: 'electron/service/lifecycle/w.ts', text: "import { errorResponse } from '../pipeline/error-response'" },
      { path: 'electron/service/faults/webhook-faults.ts', text: "import { signatureHeaders } from '../webhooks/signing'" },
      { path: 'electron/service/core/unit.ts', text: "import type { OperationHost } from '../operations/types'" },
    ])).toEqual(['electron/service/ledger/x.ts', 'electron/service/lifecycle/y.ts', 'electron/service/lifecycle/z.ts', 'electron/service/lifecycle/w.ts', 'electron/service/faults/webhook-faults.ts', 'electron/service/core/unit.ts'])
  })

  it('only the assembly (createService) and tests import test-access.ts and the pipeline\'s dispatcher', () => {
    expect(offenders([
      { path: 'electron/service/assembly/create-service.ts', text: "import { registerInternals } from '../test-access'\nimport { createDispatcher } from '../pipeline/dispatch'" },
      { path: 'electron/service/operations/x.ts', text: "import { engineInternals } from '../test-access'" },
      { path: 'electron/service/simulator/index.ts', text: "import type { CallInput } from '../pipeline/call-input'" },
      { path: 'test/service/x.test.ts', text: "import { createDispatcher } from '../../electron/service/pipeline/dispatch'" },
    ])).toEqual(['electron/service/operations/x.ts', 'electron/service/simulator/index.ts'])
  })

  it('finds circles, and the allow-list itself has none', () => {
    expect(circles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']])
    expect(circles(new Map([['a', ['b']], ['b', []]]))).toEqual([])
    expect(circles(new Map(LAYERS.map((row) => [row.folder, [...row.may, ...(row.typeOnly ?? [])]])))).toEqual([])
  })
})

describe('layering inside the console (the rule itself)', () => {
  const offenders = (files: Array<{ path: string; text: string }>) => layeringViolations(files).map((line) => line.split(/:? /)[0])

  it('app/ composes features; features import the rows below, never app/ or one another; nothing runs back up', () => {
    expect(offenders([
      { path: 'renderer/src/app/screens.tsx', text: "import { ChargesScreen } from '../features/charges/charges-screen'\nimport { PATHS } from '../lib/paths'" },
      { path: 'renderer/src/features/charges/charge-form.tsx', text: "import { OutcomeField } from '../../components/fields/outcome-field'\nimport { ShortId } from './short-id'\nimport { useApi } from '../../api/use-api'" },
      { path: 'renderer/src/features/payouts/b2c-form.tsx', text: "import { OutcomeField } from '../transactions/outcome-field'" },
      { path: 'renderer/src/features/home/home-screen.tsx', text: "import { PATHS } from '../../app/paths'" },
      { path: 'renderer/src/features/requests/requests-screen.tsx', text: "import '../webhooks/webhooks.css'" },
      { path: 'renderer/src/components/short-id.tsx', text: "import { TransactionsScreen } from '../features/transactions/transactions-screen'" },
      { path: 'renderer/src/api/transport.ts', text: "import type { PushConnectionState } from '../stores/push-status-store'" },
      { path: 'renderer/src/stores/account-filters-store.ts', text: "import type { AccountFilters } from '../api/hooks/accounts'" },
      { path: 'renderer/src/lib/paths.ts', text: "import { Money } from '../components/money'" },
      { path: 'renderer/src/main.tsx', text: "import { App } from './app/app'\nimport './styles.css'" },
    ])).toEqual([
      'renderer/src/features/payouts/b2c-form.tsx', 'renderer/src/features/home/home-screen.tsx', 'renderer/src/features/requests/requests-screen.tsx',
      'renderer/src/components/short-id.tsx', 'renderer/src/stores/account-filters-store.ts', 'renderer/src/lib/paths.ts',
    ])
  })

  it('a new folder of the console fails until it has a row', () => {
    expect(offenders([{ path: 'renderer/src/widgets/x.tsx', text: '' }, { path: 'renderer/src/features/new-area/y.tsx', text: '' }])).toEqual(['renderer/src/widgets/x.tsx'])
  })
})

describe('layering of this repository', () => {
  // This file is left out: its examples above are forbidden imports on purpose.
  const self = relative(ROOT, __filename).split(sep).join(posix.sep)
  const files = SCANNED.flatMap(sourceFiles).filter((path) => path !== self).map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }))

  it('scans the layers (guards against a scan that silently finds nothing)', () => {
    const paths = files.map((file) => file.path)
    expect(paths).toEqual(expect.arrayContaining(['electron/main/index.ts', 'electron/preload/index.ts', 'electron/service/index.ts', 'shared/api/routes.ts']))
  })

  it('has no import the allow-list does not name', () => {
    expect(layeringViolations(files)).toEqual([])
  })

  it('has no import circle among the product\'s files (type imports included)', () => {
    const graph = new Map<string, string[]>()
    const known = new Set(files.map((file) => file.path))
    const resolveFile = (to: string) => [to, `${to}.ts`, `${to}.tsx`, `${to}/index.ts`].find((candidate) => known.has(candidate))
    for (const { path, text } of files) {
      if (!PRODUCT.some((layer) => within(path, layer))) continue
      const edges = importsOf(text).map(({ specifier }) => target(path, specifier)).flatMap((to) => (to && resolveFile(to)) || [])
      graph.set(path, edges)
    }
    expect(circles(graph)).toEqual([])
  })
})
