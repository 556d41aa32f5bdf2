import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, posix, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

// Layers are folders named by where their code may run (docs/contributing.md). This test reads the
// source text and fails on an import that would drag code into a runtime where it cannot work:
// - only electron/main and electron/preload may import 'electron' at runtime (`import type` is fine);
//   inside electron/main only index.ts does, so every other main module loads under plain Node tests;
// - renderer/ (browser) and shared/ (everywhere) never import Node built-ins, better-sqlite3 or Electron;
// - renderer/ never imports the engine or the hosts; shared/ imports no other layer;
// - the engine and the CLI never import the desktop host or the renderer.
// Inside the engine (electron/service, docs/contributing.md "Layout"), imports flow one way:
// - db/ imports only db/ and shared/; a migration (db/migrations/) only its siblings and db/connection, so
//   it never changes when live code does;
// - views/ (rows -> API shapes) imports shared/, other views/ and, type-only, row shapes from db/: never
//   the store (a view shapes what it is given; it does not read);
// - ledger/ and lifecycle/ (how money moves, what happens to a transaction) never import operations/,
//   http/ or dispatch.ts: operations and faces call them, not the other way round;
// - test-access.ts (the store and engine behind a service) is imported only by index.ts and tests: hosts
//   reach the engine through PaydeskService (the typed host boundary of issue 15);
// - dispatch.ts is imported only by index.ts and by tests (the adapters' error envelope is
//   error-response.ts; hosts reach the engine through index.ts).
// `import { type A } from 'electron'` counts as a runtime import: only `import type` is erased for sure.

const ROOT = resolve(__dirname, '../..')
const SCANNED = ['electron', 'shared', 'renderer', 'scripts', 'test', 'bin']
const SKIPPED = new Set(['node_modules', 'out', 'dist', 'dist-web', 'release'])
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/

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

/** Project folder a relative import lands in (posix, from the root), or null for packages. */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  return relative(ROOT, resolve(ROOT, dirname(file), specifier)).split(sep).join(posix.sep)
}

const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`)

const SERVICE = 'electron/service'
/** A module path without its extension, so './dispatch' and './dispatch.ts' name the same module. */
const moduleOf = (path: string) => path.replace(/\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/, '')

/** The engine's inner rules for one import of `path` (in electron/service) landing on `to`. */
function engineViolation(path: string, to: string, typeOnly: boolean): string | null {
  const from = (folder: string) => within(path, `${SERVICE}/${folder}`)
  const into = (folder: string) => within(to, `${SERVICE}/${folder}`)
  if (from('db/migrations')) {
    return into('db/migrations') || moduleOf(to) === `${SERVICE}/db/connection` ? null : 'a migration imports only its siblings and db/connection (copy what it needs: live code changes, a migration must not)'
  }
  if (from('db')) return into('db') || within(to, 'shared') ? null : 'db/ imports only db/ and shared/'
  if (from('views')) {
    if (into('views') || within(to, 'shared')) return null
    if (into('db') && typeOnly && moduleOf(to) !== `${SERVICE}/db/store`) return null
    return 'views/ imports only shared/, views/ and (import type) row shapes from db/; a view shapes the rows it is given, it never reads the store'
  }
  if ((from('ledger') || from('lifecycle')) && (into('operations') || into('http') || moduleOf(to) === `${SERVICE}/dispatch`)) {
    return 'ledger/ and lifecycle/ never import operations/, http/ or dispatch.ts (those call them)'
  }
  return null
}

/** dispatch.ts is wired by the engine's index.ts alone (faces call the service; tests may reach in). */
const mayImportDispatch = (path: string) => path === `${SERVICE}/index.ts` || within(path, 'test')

/** The rules, over files given as root-relative posix paths with their text. Returns readable violations. */
export function layeringViolations(files: Array<{ path: string; text: string }>): string[] {
  const violations: string[] = []
  for (const { path, text } of files) {
    for (const { specifier, typeOnly } of importsOf(text)) {
      const to = target(path, specifier)
      const say = (why: string) => violations.push(`${path} imports '${specifier}': ${why}`)
      if (!typeOnly && isElectron(specifier)) {
        if (!within(path, 'electron/main') && !within(path, 'electron/preload')) say("only electron/main and electron/preload may import 'electron' at runtime (use `import type`)")
        else if (within(path, 'electron/main') && path !== 'electron/main/index.ts') say("in electron/main only index.ts imports 'electron' at runtime, so the other modules stay testable under Node")
      }
      if (within(path, 'renderer') || within(path, 'shared')) {
        const layer = path.split('/')[0]
        if (!typeOnly && isNodeOnly(specifier)) say(`${layer}/ runs in the browser too; Node built-ins and better-sqlite3 are not there`)
        if (isElectron(specifier) && !typeOnly) say(`${layer}/ must not depend on Electron`)
        if (to && (within(to, 'electron') || (layer === 'shared' && within(to, 'renderer')))) say(`${layer}/ must not import ${to} (another layer)`)
      }
      if ((within(path, 'electron/service') || within(path, 'electron/cli')) && to && ['electron/main', 'electron/preload', 'renderer'].some((folder) => within(to, folder))) {
        say('the engine and the CLI never depend on the desktop host or the renderer')
      }
      if (to && within(path, SERVICE)) {
        const why = engineViolation(path, to, typeOnly)
        if (why) say(why)
      }
      if (to && moduleOf(to) === `${SERVICE}/test-access` && path !== `${SERVICE}/index.ts` && !within(path, 'test')) {
        say('hosts never reach into the engine\'s store or engine (test-access.ts is for createService and tests; use the route table)')
      }
      if (to && moduleOf(to) === `${SERVICE}/dispatch` && !mayImportDispatch(path)) {
        say('only index.ts (and tests) import dispatch.ts; the error envelope is error-response.ts')
      }
    }
  }
  return violations
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

  it('flags each forbidden import and lets the allowed ones through', () => {
    const violations = layeringViolations([
      { path: 'electron/service/x.ts', text: "import { app } from 'electron'" },
      { path: 'electron/service/y.ts', text: "import type { App } from 'electron'" },
      { path: 'electron/service/z.ts', text: "import { start } from '../main/index'" },
      { path: 'electron/main/ipc-handler.ts', text: "import { ipcMain } from 'electron'" },
      { path: 'electron/main/index.ts', text: "import { app } from 'electron'" },
      { path: 'electron/preload/index.ts', text: "import { contextBridge } from 'electron'" },
      { path: 'test/e2e/support/x.ts', text: "const e = require('electron')" },
      { path: 'renderer/src/a.ts', text: "import { readFileSync } from 'node:fs'" },
      { path: 'renderer/src/b.ts', text: "import { EventEmitter } from 'events'" },
      { path: 'renderer/src/c.ts', text: "import Database from 'better-sqlite3'" },
      { path: 'renderer/src/d.ts', text: "import { createService } from '../../electron/service'" },
      { path: 'renderer/src/e.ts', text: "import { main } from '../../electron/cli/index'" },
      { path: 'renderer/src/f.ts', text: "import type { PaydeskBridge } from '../../shared/api/bridge'" },
      { path: 'shared/g.ts', text: "import { createHash } from 'node:crypto'" },
      { path: 'shared/h.ts', text: "import { App } from '../renderer/src/app'" },
    ])
    const offenders = violations.map((line) => line.split(' ')[0])
    expect(offenders).toEqual([
      'electron/service/x.ts', 'electron/service/z.ts', 'electron/main/ipc-handler.ts', 'test/e2e/support/x.ts',
      'renderer/src/a.ts', 'renderer/src/b.ts', 'renderer/src/c.ts', 'renderer/src/d.ts', 'renderer/src/e.ts',
      'shared/g.ts', 'shared/h.ts',
    ])
  })
})

describe('layering inside the engine (the rule itself)', () => {
  const offenders = (files: Array<{ path: string; text: string }>) => layeringViolations(files).map((line) => line.split(' ')[0])

  it('db/ imports only db/ and shared/; a migration only its siblings and db/connection', () => {
    expect(offenders([
      { path: 'electron/service/db/a-repo.ts', text: "import type { Db } from './connection'\nimport type { X } from './rows'\nimport { CURRENCY } from '../../../shared/money'\nimport Database from 'better-sqlite3'" },
      { path: 'electron/service/db/b-repo.ts', text: "import type { Posting } from '../ledger/postings'" },
      { path: 'electron/service/db/c-repo.ts', text: "import { toTransaction } from '../views/transaction'" },
      { path: 'electron/service/db/migrations/008-x.ts', text: "import type { Db } from '../connection'\nimport { SQL } from './001-initial'" },
      { path: 'electron/service/db/migrations/009-y.ts', text: "import { deliveryOrigin } from '../../webhooks/origin'" },
      { path: 'electron/service/db/migrations/010-z.ts', text: "import type { TransactionRow } from '../rows'" },
    ])).toEqual(['electron/service/db/b-repo.ts', 'electron/service/db/c-repo.ts', 'electron/service/db/migrations/009-y.ts', 'electron/service/db/migrations/010-z.ts'])
  })

  it('views/ imports shared/, views/ and row types only: never the store, never a runtime db/ module', () => {
    expect(offenders([
      { path: 'electron/service/views/a.ts', text: "import type { TransactionRow } from '../db/rows'\nimport type { WebhookEventRow } from '../db/webhooks-repo'\nimport { toBalance } from './account'\nimport type { Balance } from '../../../shared/schemas/account'" },
      { path: 'electron/service/views/b.ts', text: "import type { Store } from '../db/store'" },
      { path: 'electron/service/views/c.ts', text: "import { TRANSACTION_VIEW_COLUMNS } from '../db/rows'" },
      { path: 'electron/service/views/d.ts', text: "import type { OperationContext } from '../engine'" },
      { path: 'electron/service/views/e.ts', text: "import { planDueAt } from '../lifecycle/plan'" },
    ])).toEqual(['electron/service/views/b.ts', 'electron/service/views/c.ts', 'electron/service/views/d.ts', 'electron/service/views/e.ts'])
  })

  it('ledger/ and lifecycle/ never import operations/, http/ or dispatch.ts', () => {
    expect(offenders([
      { path: 'electron/service/ledger/move-money.ts', text: "import { toBalance } from '../views/account'\nimport { enqueueWebhookEvent } from '../webhooks/outbox'" },
      { path: 'electron/service/ledger/x.ts', text: "import { toBalance } from '../operations/support/views'" },
      { path: 'electron/service/lifecycle/settle.ts', text: "import { moveMoney } from '../ledger/move-money'\nimport { settlementDelayMs } from '../simulator/settings'" },
      { path: 'electron/service/lifecycle/y.ts', text: "import { acceptPending } from '../operations/support/accept'" },
      { path: 'electron/service/lifecycle/z.ts', text: "import type { ServerOptions } from '../http/server'" },
      { path: 'electron/service/lifecycle/w.ts', text: "import { errorResponse } from '../dispatch.ts'" },
    ])).toEqual(['electron/service/ledger/x.ts', 'electron/service/lifecycle/y.ts', 'electron/service/lifecycle/z.ts', 'electron/service/lifecycle/w.ts', 'electron/service/lifecycle/w.ts'])
  })

  it('only index.ts and tests import dispatch.ts', () => {
    expect(offenders([
      { path: 'electron/service/index.ts', text: "import { createDispatcher } from './dispatch'" },
      { path: 'electron/service/http/server.ts', text: "import { errorResponse } from '../dispatch'" },
      { path: 'electron/main/ipc-handler.ts', text: "import { errorResponse } from '../service/dispatch'" },
      { path: 'test/service/x.test.ts', text: "import { errorResponse } from '../../electron/service/dispatch'" },
      { path: 'electron/service/operations/x.ts', text: "import { errorResponse } from '../dispatch'" },
      { path: 'electron/service/simulator/index.ts', text: "import type { CallInput } from '../dispatch'" },
      { path: 'electron/cli/commands/x.ts', text: "import { createDispatcher } from '../../service/dispatch'" },
    ])).toEqual(['electron/service/http/server.ts', 'electron/main/ipc-handler.ts', 'electron/service/operations/x.ts', 'electron/service/simulator/index.ts', 'electron/cli/commands/x.ts'])
  })
})

describe('the host boundary (the rule itself)', () => {
  it('only createService and tests import electron/service/test-access.ts', () => {
    expect(layeringViolations([
      { path: 'electron/cli/index.ts', text: "import { engineInternals } from '../service/test-access'" },
      { path: 'electron/main/index.ts', text: "import type { EngineInternals } from '../service/test-access.ts'" },
      { path: 'electron/cli/commands/x.ts', text: "const { engineInternals } = await import('../../service/test-access')" },
      { path: 'electron/service/http/server.ts', text: "import { store } from './store' // not test-access" },
      { path: 'electron/service/index.ts', text: "import { registerInternals } from './test-access'" },
      { path: 'test/support/harness.ts', text: "import { engineInternals } from '../../electron/service/test-access'" },
    ]).map((line) => line.split(' ')[0])).toEqual(['electron/cli/index.ts', 'electron/main/index.ts', 'electron/cli/commands/x.ts'])
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

  it('has no forbidden import', () => {
    expect(layeringViolations(files)).toEqual([])
  })
})
